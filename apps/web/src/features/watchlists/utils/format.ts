import type { Locale } from '@centinela/shared';
import { formatDate, formatNumber } from '../../../lib/format.ts';

/** 0.923 → '92 %' (the page's language): a score is read as a percentage. */
export const formatScore = (score: number, locale: Locale) =>
  formatNumber(score, locale, { style: 'percent', maximumFractionDigits: 0 });

/** 0.025 → '2.5%': an error rate keeps one decimal, small rates matter. */
export const formatRate = (rate: number, locale: Locale) =>
  formatNumber(rate, locale, { style: 'percent', maximumFractionDigits: 1 });

/** A duration in the largest unit that keeps it readable: '850 ms', '12 s', '4 min', '3 h'. */
export function formatDuration(ms: number, locale: Locale): string {
  const unit = (value: number, name: string) =>
    formatNumber(value, locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: value < 10 ? 1 : 0,
    });
  if (ms < 1000) return unit(Math.round(ms), 'millisecond');
  if (ms < 120_000) return unit(ms / 1000, 'second');
  if (ms < 2 * 3_600_000) return unit(ms / 60_000, 'minute');
  return unit(ms / 3_600_000, 'hour');
}

/** A calendar day (YYYY-MM-DD) at noon, so no time zone moves it to a neighbouring day. */
export const dayValue = (day: string) => `${day}T12:00:00`;
export const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A list's date (the file's own, the snapshot's, or since when the publisher confirmed it) as the calendar
 * day it is in UTC, where the lists date themselves: never a day earlier in the Americas.
 */
export const formatListDay = (iso: string, locale: Locale) =>
  formatDate(iso, locale, { dateStyle: 'medium', timeZone: 'UTC' });
