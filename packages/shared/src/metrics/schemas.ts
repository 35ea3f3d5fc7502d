import { z } from 'zod';
import { PROFILE_STATUSES, REPORT_TYPES, COUNTRIES } from '../enums.ts';

/**
 * Schemas of /api/v1/metrics: the navbar figures and the analytics page. Every figure is an
 * SQL aggregate; the client only draws them.
 */

/** Whether `name` is an IANA time zone this runtime knows (Intl, in Node and the browser alike). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone (`America/Bogota`), canonicalised; days are counted in it. Default UTC. */
export const zTimeZone = () =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/)
    .refine(isTimeZone, { message: 'Invalid field value' })
    .transform((name) => new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);

export { NAVBAR_STATUSES, type NavbarStatus } from './navbar.ts';
export * from './navbar-response.ts';

/** GET /api/v1/metrics/navbar */
export const ZNavbarMetricsRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff only: the owner to count for (all owners without it)'),
  tz: zTimeZone().optional().describe('IANA time zone that decides what "today" is (default UTC)'),
});
export type TNavbarMetricsRequest = z.infer<typeof ZNavbarMetricsRequest>;

export const ANALYTICS_BUCKETS = ['day', 'week'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
/** The longest range one request may aggregate (a year and a day: a leap year's whole). */
export const ANALYTICS_MAX_DAYS = 366;
/** Without `from`, the range is the last 30 days up to `to` (or today). */
export const ANALYTICS_DEFAULT_DAYS = 30;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** GET /api/v1/metrics/analytics — `from`/`to` are calendar days in `tz`, both included. */
export const ZAnalyticsRequest = z
  .strictObject({
    ownerId: z.uuid().optional().describe('Platform staff only'),
    from: z.iso.date().optional().describe('First day (YYYY-MM-DD), included'),
    to: z.iso.date().optional().describe('Last day (YYYY-MM-DD), included'),
    bucket: z.enum(ANALYTICS_BUCKETS).default('day'),
    country: z.enum(COUNTRIES).optional(),
    pipelineId: z.uuid().optional(),
    tz: zTimeZone().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'metrics.validation.range', path: ['to'] })
  .refine((q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < ANALYTICS_MAX_DAYS, {
    message: 'metrics.validation.rangeTooLong',
    path: ['from'],
  });
export type TAnalyticsRequest = z.infer<typeof ZAnalyticsRequest>;
export type TAnalyticsQuery = z.input<typeof ZAnalyticsRequest>;

const int = () => z.number().int();
const seconds = () => z.number().nullable().describe('Seconds; null when nothing was measured');

export const ZAnalyticsResponse = z.object({
  range: z.object({ from: z.iso.date(), to: z.iso.date(), bucket: z.enum(ANALYTICS_BUCKETS), timeZone: z.string() }),
  /** Persons and reports created per day or week (weeks start on Monday), every period of the range. */
  volume: z.array(z.object({ period: z.iso.date(), profiles: int(), reports: int() })),
  /** Current status of the persons created in the range. */
  statuses: z.array(z.object({ status: z.enum(PROFILE_STATUSES), count: int() })),
  /** Report created → completed, for the reports completed in the range. */
  turnaround: z.array(
    z.object({
      type: z.enum(REPORT_TYPES),
      country: z.enum(COUNTRIES),
      reports: int(),
      p50: seconds(),
      p90: seconds(),
    }),
  ),
  /** Reports created in the range that needed manual review, per type. */
  manualReview: z.array(z.object({ type: z.enum(REPORT_TYPES), reports: int(), review: int() })),
  /** Decisions after manual review per reviewer, and the wait from the review finding to the decision. */
  reviewers: z.array(
    z.object({
      userId: z.uuid().nullable(),
      username: z.string().nullable(),
      reviews: int(),
      p50: seconds(),
      p90: seconds(),
    }),
  ),
  /** Credits spent (debits net of refunds) per report type in the range. */
  credits: z.array(z.object({ type: z.enum(REPORT_TYPES), reports: int(), credits: int() })),
});
export type TAnalyticsResponse = z.infer<typeof ZAnalyticsResponse>;
