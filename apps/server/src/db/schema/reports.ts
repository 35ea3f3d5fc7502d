import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ReportType } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { reportStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';

/** One report of one type on one profile. */
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
    details: jsonb('details').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('report_profile_type_idx').on(t.profileId, t.type),
    index('report_owner_status_created_idx').on(t.ownerId, t.status, t.createdAt),
  ],
);
