import { LOCALE_TAGS, type Country, type Locale } from '@centinela/shared';
import i18n from './i18n.ts';

/**
 * One Intl formatter per locale and options, reused: building one costs far more than formatting with it,
 * and a list page formats every row's dates and country (main-thread time on phones).
 */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

/** Dates and numbers in the page's language, from the browser's Intl (no extra package). */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options?: Intl.DateTimeFormatOptions,
): string {
  const format = cached(
    dateFormats,
    `${locale}|${JSON.stringify(options ?? null)}`,
    () => new Intl.DateTimeFormat(LOCALE_TAGS[locale], options ?? { dateStyle: 'long' }),
  );
  return format.format(new Date(value));
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return cached(
    numberFormats,
    `${locale}|${JSON.stringify(options ?? null)}`,
    () => new Intl.NumberFormat(LOCALE_TAGS[locale], options),
  ).format(value);
}

/**
 * 'co' → 'Colombia', from the catalogue's `countries` (core part); the 'xx' placeholder (no country) has no
 * name and yields null. Not Intl.DisplayNames: building one loads the browser's region names, a long task in the
 * profile list's first render (its filters name the country); the product's countries are few and fixed (COUNTRIES, checked by check-i18n).
 */
export function countryName(country: Country, locale: Locale): string | null {
  if (country === 'xx') return null;
  return i18n.t(`countries.${country}`, { lng: locale });
}

/** A list joined the way each language does it: 'Mexico and Colombia', 'México y Colombia', 'México e Colômbia'. */
export function formatList(items: string[], locale: Locale): string {
  return cached(
    listFormats,
    locale,
    () => new Intl.ListFormat(LOCALE_TAGS[locale], { style: 'long', type: 'conjunction' }),
  ).format(items);
}
