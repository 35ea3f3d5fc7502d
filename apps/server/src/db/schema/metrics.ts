import { bigint, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { profileStatusEnum } from './enums.ts';
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
