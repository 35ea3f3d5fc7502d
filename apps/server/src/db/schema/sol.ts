import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './columns.ts';
import { referenceCheckStatusEnum, referenceStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { profiles } from './profiles.ts';
import { reports } from './reports.ts';

/** The summary Sol writes for one reference (SPEC §3). */
export type ReferenceSummary = {
  evaluation: string;
  companyAndPosition: string;
  employmentDates: string;
  strengths: string;
  interpersonalSkills: string;
  improvementAreas: string;
  reasonForLeaving: string;
  rehire: string;
  overallTone: string;
};

/** An automated employment-reference check run by Sol, due within 48 hours. */
export const referenceChecks = pgTable(
  'reference_check',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    status: referenceCheckStatusEnum('status').notNull().default('pending'),
    candidatePhone: varchar('candidate_phone', { length: 32 }).notNull(),
    candidateContactedAt: ts('candidate_contacted_at'),
    deadlineAt: ts('deadline_at').notNull(),
    completedAt: ts('completed_at'),
    declinedAt: ts('declined_at'),
    ...timestamps(),
  },
  (t) => [index('reference_check_owner_status_idx').on(t.ownerId, t.status, t.createdAt)],
);

export const references = pgTable(
  'reference',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    referenceCheckId: uuid('reference_check_id')
      .notNull()
      .references(() => referenceChecks.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    relationship: varchar('relationship', { length: 120 }).notNull(),
    status: referenceStatusEnum('status').notNull().default('pending'),
    callAttempts: integer('call_attempts').notNull().default(0),
    callDurationSeconds: integer('call_duration_seconds'),
    whatsappContactedAt: ts('whatsapp_contacted_at'),
    calledAt: ts('called_at'),
    summary: jsonb('summary').$type<ReferenceSummary>(),
    transcript: text('transcript'),
    recordingPath: text('recording_path'),
    ...timestamps(),
  },
  (t) => [index('reference_check_idx').on(t.referenceCheckId)],
);
