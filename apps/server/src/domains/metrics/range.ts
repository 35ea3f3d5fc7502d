import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsBucket,
  type TAnalyticsRequest,
} from '@centinela/shared';

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today's calendar day (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export type Range = { from: string; to: string; bucket: AnalyticsBucket; timeZone: string };

/** The days a request covers: by default the last 30 days up to today; never more than ANALYTICS_MAX_DAYS. */
export function resolveRange(query: TAnalyticsRequest, now: Date): Range {
  const timeZone = query.tz ?? 'UTC';
  let to = query.to ?? todayIn(timeZone, now);
  if (query.from && !query.to && query.from > to) to = query.from;
  if (query.from && dayMs(to) - dayMs(query.from) >= ANALYTICS_MAX_DAYS * DAY_MS)
    to = toDay(dayMs(query.from) + (ANALYTICS_MAX_DAYS - 1) * DAY_MS);
  const from = query.from ?? toDay(dayMs(to) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to, bucket: query.bucket, timeZone };
}

/** Every period of the range (a week is named by its Monday, as date_trunc('week') does). */
export function periodsOf({ from, to, bucket }: Range): string[] {
  let start = dayMs(from);
  if (bucket === 'week') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const step = bucket === 'week' ? 7 * DAY_MS : DAY_MS;
  const periods: string[] = [];
  for (let t = start; t <= dayMs(to); t += step) periods.push(toDay(t));
  return periods;
}
