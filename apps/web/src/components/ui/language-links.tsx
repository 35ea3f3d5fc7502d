import { LOCALE_TAGS, LOCALES, type Locale } from '@centinela/shared';
import { Anchor, Group, type AnchorProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { localeFromPath, switchLocalePath } from '../../lib/locale.ts';
import { setLocaleCookie } from '../../lib/locale-cookie.ts';

type Where = { pathname: string; search: string; hash: string };
/** One language's link: what every link has, and where it goes. */
export type LanguageAnchorProps = AnchorProps & {
  href: string;
  lang: string;
  hrefLang: string;
  'aria-current'?: 'page';
  onClick: () => void;
  children: string;
};

const DocumentAnchor = (props: LanguageAnchorProps) => <Anchor {...props} />;

/**
 * Links to the same page in each language; the choice is remembered for visits to the root (SPEC §2).
 * Router-free: plain links (a page load) by default, the app passes its router's (LanguageSwitcher).
 */
export function LanguageLinks({
  where,
  anchor: Link = DocumentAnchor,
  compact = false,
}: {
  where: Where;
  anchor?: ComponentType<LanguageAnchorProps>;
  /** Codes (EN, ES, PT) named in full for assistive technology and on hover: the top bar's room is short. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const current = localeFromPath(where.pathname);
  return (
    <Group component="nav" gap={compact ? 6 : 'sm'} wrap="nowrap" aria-label={t('languages.label')}>
      {LOCALES.map((locale: Locale) => (
        <Link
          key={locale}
          href={switchLocalePath(where.pathname, locale) + where.search + where.hash}
          lang={LOCALE_TAGS[locale]}
          hrefLang={LOCALE_TAGS[locale]}
          aria-current={locale === current ? 'page' : undefined}
          fw={locale === current ? 700 : 400}
          onClick={() => setLocaleCookie(locale)}
          {...(compact && { 'aria-label': t(`languages.${locale}`), title: t(`languages.${locale}`) })}
        >
          {compact ? locale.toUpperCase() : t(`languages.${locale}`)}
        </Link>
      ))}
    </Group>
  );
}
