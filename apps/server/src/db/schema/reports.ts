import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Finding, ReportType } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { reportStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';

/**
 * One report of one type on one profile. The row is also the durable job that runs it (see
 * domains/reports/queue.ts): a runner claims a due PENDING row with FOR UPDATE SKIP LOCKED and a lease
 * (locked_by, locked_until), which works alike on PGlite and PostgreSQL. Three things stay apart:
 * lifecycle + result status (`status`), what the source found (`findings`, `details`), and the human
 * decision (on the profile: confirmed_homonym, manually_reviewed, outcome).
 */
export const reports = pgTable(
  'report',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).$type<ReportType>().notNull(),
    status: reportStatusEnum('status').notNull().default('PENDING'),
    /** The inputs the report required, as sent to the source. */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull().default({}),
    /** Anything else the source answered (reference number, checked-at…). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** What the source found; empty until it answers. */
    findings: jsonb('findings').$type<Finding[]>().notNull().default([]),
    /** INCOMPLETE reports: the inputs the profile lacks (report inputs, e.g. birthDate). */
    missingInputs: text('missing_inputs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Claims so far (a claim counts even if the worker then dies, so a poison job cannot loop forever). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Credits this run took from a free-plan owner: given back if it ends in ERROR (then 0), kept otherwise. */
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** A PENDING report is due from this instant (back-off pushes it forward). */
    runAfter: ts('run_after').notNull().defaultNow(),
    /** The lease: who holds the job and until when; an expired lease is free to reclaim. */
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: ts('locked_until'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('report_profile_type_idx').on(t.profileId, t.type),
    index('report_owner_status_created_idx').on(t.ownerId, t.status, t.createdAt),
    // The claim query: WHERE status = 'PENDING' AND run_after <= now() ORDER BY run_after.
    index('report_status_run_after_idx').on(t.status, t.runAfter),
    // Analytics (domains/metrics): reports created, and completed, in a date range of one owner.
    index('report_owner_created_idx').on(t.ownerId, t.createdAt),
    index('report_owner_completed_idx').on(t.ownerId, t.completedAt),
    // The review inbox's matches (domains/inbox): the owner's screenings with a hit, not every report of
    // the owner (a seq scan of the whole table otherwise); the predicate is the inbox query's own.
    index('report_owner_watchlist_hits_idx')
      .on(t.ownerId)
      .where(sql`${t.type} = 'watchlists' and ${t.findings} @> '[{"kind":"watchlist_entry"}]'::jsonb`),
  ],
);
