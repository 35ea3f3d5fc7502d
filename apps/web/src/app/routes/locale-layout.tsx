import { DEFAULT_LOCALE, type Locale } from '@centinela/shared';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, ScrollRestoration, useLocation } from 'react-router';
import { EmptyLayout } from '../../components/layouts/empty-layout.tsx';
import { MaintenanceNotice } from '../../components/ui/maintenance-notice.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { localizePath, setDocumentLocale } from '../../lib/locale.ts';
import { getLocaleCookie } from '../../lib/locale-cookie.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { GuardedOutlet } from '../guards/guarded-outlet.tsx';

/**
 * The root of each locale's routes: speaks the URL's language (texts, <html lang>, title; date pickers take it from DateRangeInput), shows
 * the maintenance notice instead of every page when the server says so (config read once per load),
 * redirects the bare root by the locale cookie, and runs the guards, progress bar and scroll handling.
 */
export function LocaleLayout({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const config = usePublicConfig();

  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    setDocumentLocale(locale);
  }, [i18n, locale]);

  useEffect(() => {
    document.title = t('app.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
  }, [t]);

  // Without the config the app still works (sign-in falls back to its default); only a yes blocks it.
  if (config.isPending) return <PageLoader />;
  if (config.data?.maintenance) {
    return (
      <EmptyLayout>
        <MaintenanceNotice />
      </EmptyLayout>
    );
  }

  // The locale cookie only redirects the bare root (SPEC §2).
  const remembered = locale === DEFAULT_LOCALE && pathname === '/' ? getLocaleCookie() : null;
  if (remembered && remembered !== locale) return <Navigate replace to={localizePath('/', remembered)} />;

  return (
    <>
      <NavigationProgress />
      {/* Scrolls to the top on a new page, or to the #hash target when there is one (SPEC §2). */}
      <ScrollRestoration />
      <GuardedOutlet />
    </>
  );
}
