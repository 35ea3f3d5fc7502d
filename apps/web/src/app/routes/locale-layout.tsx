import { DEFAULT_LOCALE, type Locale } from '@centinela/shared';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { localizePath } from '../../lib/locale.ts';
import { getLocaleCookie } from '../../lib/locale-cookie.ts';

/** Speaks the URL's language, keeps <html lang>, title and description in step, and lays the page out. */
export function LocaleLayout({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);

  useEffect(() => {
    document.title = t('app.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
  }, [t]);

  // The locale cookie only redirects the bare root (SPEC §2).
  const remembered = locale === DEFAULT_LOCALE && pathname === '/' ? getLocaleCookie() : null;
  if (remembered && remembered !== locale) return <Navigate replace to={localizePath('/', remembered)} />;

  return (
    <PageLayout>
      <ScrollRestoration />
      <Outlet />
    </PageLayout>
  );
}
