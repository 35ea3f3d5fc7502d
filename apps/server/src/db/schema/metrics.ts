import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { countryEnum, profileStatusEnum } from './enums.ts';
import { owners } from './owners.ts';

/**
 * Persons per owner and status, kept by triggers on `profile` (migration 0007_metrics_summaries): the
 * navbar reads a handful of rows here instead of counting an owner's million persons. Exact at any
 * instant as `owner_status_count + profile_status_delta`; `domains/metrics/summaries.ts` folds the deltas in.
 */
export const ownerStatusCounts = pgTable(
  'owner_status_count',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    status: profileStatusEnum('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.status] })],
);

/**
 * Append-only changes to `owner_status_count`, one row per (owner, status) a statement touched: writers
 * never wait on each other's counter rows (no hot-row locks, no deadlocks between report batches).
 */
export const profileStatusDeltas = pgTable(
  'profile_status_delta',
  {
    // No foreign key: a cascade delete of the owner removes its persons, whose trigger writes here.
    ownerId: uuid('owner_id').notNull(),
    status: profileStatusEnum('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('profile_status_delta_owner_idx').on(t.ownerId)],
);

/** The columns of a rollup row, day or week (a fresh set of builders per table). */
const rollupColumns = () => ({
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => owners.id, { onDelete: 'cascade' }),
  utcOffset: smallint('utc_offset').notNull(),
  day: date('day').notNull(),
  metric: smallint('metric').notNull(),
  country: countryEnum('country').notNull(),
  // No foreign key: a deleted pipeline sets the persons' pipeline to null, whose trigger marks the days dirty.
  pipelineId: uuid('pipeline_id'),
  dim: text('dim').notNull(),
  bucket: smallint('bucket').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  /** Turnaround and review waits: the histogram as (bucket, count) pairs, bucket ascending (migration 0010). */
  buckets: smallint('buckets').array(),
  counts: integer('counts').array(),
});

/**
 * The analytics page's daily rollups (domains/metrics/rollups.ts): per owner, fixed UTC offset (minutes
 * east of UTC, ANALYTICS_OFFSETS) and calendar day at that offset, the counts of each metric by country,
 * pipeline, dimension (status, report type, reviewer) and bucket (manual review flag, or the log-scale
 * duration bucket of turnaround and review waits). Rewritten a day at a time by the compaction from the
 * source tables; a day is trusted only while no `analytics_dirty` mark touches it.
 */
export const analyticsRollups = pgTable('analytics_rollup', rollupColumns(), (t) => [
  index('analytics_rollup_owner_day_idx').on(t.ownerId, t.utcOffset, t.metric, t.day),
]);

/**
 * The day rollups summed per week (Monday to Sunday at the offset; `day` is the Monday), rewritten with
 * their days by the compaction (migration 0011): a year by week reads 52 of these instead of 365 days.
 */
export const analyticsRollupWeeks = pgTable('analytics_rollup_week', rollupColumns(), (t) => [
  index('analytics_rollup_week_owner_day_idx').on(t.ownerId, t.utcOffset, t.metric, t.day),
]);

/**
 * UTC days whose analytics changed since the rollups were last computed: appended by statement-level
 * triggers on profile, report, audit_event and credit_ledger (migration 0008), consumed by the compaction.
 */
export const analyticsDirty = pgTable(
  'analytics_dirty',
  {
    // No foreign key, like profile_status_delta: an owner's cascade delete fires the triggers that write here.
    ownerId: uuid('owner_id').notNull(),
    day: date('day').notNull(),
  },
  (t) => [index('analytics_dirty_owner_day_idx').on(t.ownerId, t.day)],
);
