import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ReportType } from '@centinela/shared';
import { id, timestamps, ts } from './columns.ts';
import { countryEnum, csvJobModeEnum, csvJobStatusEnum } from './enums.ts';
import { owners } from './owners.ts';
import { pipelines } from './pipelines.ts';
import { users } from './users.ts';

export type CsvLineFailure = { line: number; code: string; message: string; field?: string };

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
    country: countryEnum('country').notNull(),
    mode: csvJobModeEnum('mode').notNull(),
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    reportTypes: text('report_types').array().$type<ReportType[]>().notNull().default(sql`'{}'`),
    /** Required field → CSV column name. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    status: csvJobStatusEnum('status').notNull().default('uploaded'),
    rowCount: integer('row_count'),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failures: jsonb('failures').$type<CsvLineFailure[]>().notNull().default([]),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    ...timestamps(),
  },
  (t) => [index('csv_job_owner_created_idx').on(t.ownerId, t.createdAt)],
);
