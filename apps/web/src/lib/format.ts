import type { Country, Locale } from '@centinela/shared';

/** Dates, numbers and country names in the page's language, from the browser's Intl (no extra package). */
export function formatDate(value: Date | string | number, locale: Locale, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'long' }).format(new Date(value));
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** 'co' → 'Colombia'; the 'xx' placeholder (no country) has no name and yields null. */
export function countryName(country: Country, locale: Locale): string | null {
  if (country === 'xx') return null;
  return new Intl.DisplayNames([locale], { type: 'region' }).of(country.toUpperCase()) ?? null;
}

/** A list joined the way each language does it: 'Mexico and Colombia', 'México y Colombia'. */
export function formatList(items: string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}
