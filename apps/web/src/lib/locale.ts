import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from '@centinela/shared';

/** SPEC §2: the default locale (en) has no prefix; every other locale lives under /<locale>. */
export function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** '/es/login' → '/login', '/es' → '/'. */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** '/login' + es → '/es/login', '/' + es → '/es', '/login' + en → '/login'. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

export function switchLocalePath(pathname: string, locale: Locale): string {
  return localizePath(stripLocale(pathname), locale);
}

/**
 * `<html lang>` for `locale`, written only when it changes: setting it, even to the value the server
 * wrote, restyles the whole page.
 */
export function setDocumentLocale(locale: Locale): void {
  if (document.documentElement.lang !== LOCALE_TAGS[locale]) document.documentElement.lang = LOCALE_TAGS[locale];
}
