import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { CsvDuplicateChoice, CsvFailureCode, CsvField, ReportType } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum, csvJobModeEnum, csvJobStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { pipelines } from './pipelines.ts';
import { users } from './users.ts';

/** A CSV batch upload: the file, the wizard's choices, and the outcome per line. */
export const csvJobs = pgTable(
  'csv_job',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: integer('file_size').notNull(),
    filePath: text('file_path'),
    /** What the upload detected: the delimiter, the encoding and the header row. */
    delimiter: varchar('delimiter', { length: 1 }),
    encoding: varchar('encoding', { length: 16 }),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    country: countryEnum('country').notNull(),
    /** Null until the wizard starts the job. */
    mode: csvJobModeEnum('mode'),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    reportTypes: text('report_types')
      .array()
      .$type<ReportType[]>()
      .notNull()
      .default(sql`'{}'`),
    /** Required field → CSV column name. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    status: csvJobStatusEnum('status').notNull().default('uploaded'),
    rowCount: integer('row_count'),
    /**
     * Data rows committed so far: the resume point. It moves only in the transaction that commits those
     * rows' profiles and failures, so a killed import restarts exactly after the last committed batch.
     */
    committedRows: integer('committed_rows').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /**
     * What the job does with a row whose document already exists for the owner (or repeats an
     * earlier row). The column's default is `create`, the behaviour before the choice existed, so a job
     * an older release starts keeps it; the API's default is `skip`.
     */
    duplicates: varchar('duplicates', { length: 8 }).$type<CsvDuplicateChoice>().notNull().default('create'),
    /** Rows skipped as duplicates, and rows that updated an existing person. */
    skipped: integer('skipped').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** Consent attestation for the whole batch, given at the start: who, when, which version. */
    consentAttestedAt: ts('consent_attested_at'),
    consentAttestedBy: uuid('consent_attested_by').references(() => users.id, { onDelete: 'set null' }),
    consentVersion: varchar('consent_version', { length: 32 }),
    /** The import runner holding the job, and until when (like the report leases). */
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    ...timestamps(),
  },
  (t) => [
    index('csv_job_owner_created_idx').on(t.ownerId, t.createdAt),
    index('csv_job_runnable_idx')
      .on(t.status, t.lockedUntil)
      .where(sql`${t.status} in ('queued', 'processing')`),
  ],
);

/** One line of a CSV job that did not become a person, and why (a line may fail on several fields). */
export const csvJobFailures = pgTable(
  'csv_job_failure',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => csvJobs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    seq: integer('seq').notNull().default(0),
    field: varchar('field', { length: 32 }).$type<CsvField>(),
    code: varchar('code', { length: 32 }).$type<CsvFailureCode>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line, t.seq] })],
);
