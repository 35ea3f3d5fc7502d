import { LOCALES, type Locale } from '@centinela/shared';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localeFromPath, switchLocalePath } from '../../lib/locale.ts';
import { setLocaleCookie } from '../../lib/locale-cookie.ts';

/** Links to the same page in each language; the choice is remembered for visits to the root (SPEC §2). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const current = localeFromPath(pathname);

  return (
    <Group component="nav" gap="sm" aria-label={t('languages.label')}>
      {LOCALES.map((locale: Locale) => (
        <Anchor
          key={locale}
          component={Link}
          to={switchLocalePath(pathname, locale) + search + hash}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'page' : undefined}
          fw={locale === current ? 700 : 400}
          onClick={() => setLocaleCookie(locale)}
        >
          {t(`languages.${locale}`)}
        </Anchor>
      ))}
    </Group>
  );
}
