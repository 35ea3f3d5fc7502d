import type { Locale } from '@centinela/shared';
import { LOCALE_COOKIE } from '@centinela/shared/shell/contract';
import { getCookie, setCookie } from './cookies.ts';
import { isLocale } from './locale.ts';

/** The locale cookie decides a redirect on the root path only (SPEC §2); it lasts 365 days (SPEC §9). */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function getLocaleCookie(): Locale | null {
  const value = getCookie(LOCALE_COOKIE) ?? undefined;
  return isLocale(value) ? value : null;
}

export function setLocaleCookie(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: YEAR_SECONDS });
}
