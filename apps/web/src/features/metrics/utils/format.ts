import type { AnalyticsBucket, Locale } from '@centinela/shared';
import { formatDate, formatNumber } from '../../../lib/format.ts';

const HOUR = 3600;

/** A duration in seconds in the largest sensible unit: '12 min', '3.5 h', '2.1 days' (Intl units, both languages). */
export function formatDuration(seconds: number | null, locale: Locale): string {
  if (seconds === null) return '—';
  const [value, unit] =
    seconds < HOUR
      ? [seconds / 60, 'minute']
      : seconds < 48 * HOUR
        ? [seconds / HOUR, 'hour']
        : [seconds / (24 * HOUR), 'day'];
  return formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}

export const toHours = (seconds: number | null) => (seconds === null ? 0 : Math.round((seconds / HOUR) * 100) / 100);

export const formatPercent = (part: number, whole: number, locale: Locale) =>
  formatNumber(whole === 0 ? 0 : part / whole, locale, { style: 'percent', maximumFractionDigits: 1 });

/** A period's label: the day, or the Monday a week starts on (dates are calendar days, shown as such in UTC). */
export function formatPeriod(period: string, bucket: AnalyticsBucket, locale: Locale): string {
  const text = formatDate(`${period}T00:00:00Z`, locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return bucket === 'week' ? `${text} →` : text;
}

/** YYYY-MM-DD of a local day `offset` days from today. */
export function localDay(offset = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
