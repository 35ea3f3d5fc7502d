import type {
  CrossCheckItem,
  EmploymentClaim,
  FraudSignal,
  SummaryEvidence,
  TranscriptSegment,
} from '@centinela/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
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
    // The check is a durable job (the row is the job, like a report): claimed with a lease,
    // each step idempotent, `attempts` the fencing token; `next_run_at` is when its next step is due.
    expiredAt: ts('expired_at'),
    language: varchar('language', { length: 2 }).notNull().default('es'),
    candidateName: varchar('candidate_name', { length: 200 }),
    candidateMessageId: varchar('candidate_message_id', { length: 128 }),
    candidateRepliedAt: ts('candidate_replied_at'),
    nextRunAt: ts('next_run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    crossCheck: jsonb('cross_check')
      .$type<CrossCheckItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fraudSignals: jsonb('fraud_signals')
      .$type<FraudSignal[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [
    index('reference_check_owner_status_idx').on(t.ownerId, t.status, t.createdAt),
    uniqueIndex('reference_check_report_idx').on(t.reportId),
    index('reference_check_due_idx').on(t.nextRunAt),
  ],
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
    // The call at the telephony provider, its segments with times, evidence and the cross-check inputs.
    country: varchar('country', { length: 2 }),
    claimed: jsonb('claimed').$type<EmploymentClaim>(),
    stated: jsonb('stated').$type<EmploymentClaim>(),
    callId: varchar('call_id', { length: 128 }),
    callStatus: varchar('call_status', { length: 32 }),
    nextCallAt: ts('next_call_at'),
    recordingUrl: text('recording_url'),
    segments: jsonb('segments').$type<TranscriptSegment[]>(),
    evidence: jsonb('evidence').$type<SummaryEvidence>(),
    ...timestamps(),
  },
  (t) => [
    index('reference_check_idx').on(t.referenceCheckId),
    index('reference_phone_idx').on(t.ownerId, t.phone),
    index('reference_call_idx').on(t.callId),
  ],
);
