import { CSV_DELIMITERS, CSV_ENCODINGS, type TCsvJob } from '@centinela/shared';
import type { csvJobs } from '../../db/schema/index.ts';

export type CsvJobRow = typeof csvJobs.$inferSelect;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;

/** The API's view of a job (never the stored file path or the lease). */
export function toCsvJob(row: CsvJobRow): TCsvJob {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    status: row.status,
    country: row.country,
    mode: row.mode,
    pipelineId: row.pipelineId,
    reportTypes: row.reportTypes,
    mapping: row.mapping,
    headers: row.headers,
    delimiter: oneOf(CSV_DELIMITERS, row.delimiter),
    encoding: oneOf(CSV_ENCODINGS, row.encoding),
    rowCount: row.rowCount,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    duplicates: row.duplicates,
    skipped: row.skipped,
    updated: row.updated,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.lastError,
  };
}
