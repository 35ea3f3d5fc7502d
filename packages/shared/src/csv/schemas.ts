import { z } from 'zod';
import { COUNTRIES, CSV_JOB_MODES, CSV_JOB_STATUSES, REPORT_TYPES } from '../enums.ts';
import { ZRunCountry, zStoredText } from '../profiles/schemas.ts';
import { CSV_FIELDS } from './fields.ts';
import { CSV_FAILURE_CODES } from './rows.ts';

/** Schemas of /api/v1/csv (issue #5, SPEC §4 wizard, §5 rules). Messages are `csvImport.validation.*` keys. */

export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
/** What the upload step accepts (SPEC §7 lists csv among the upload types). */
export const CSV_ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] } as const;

/** Why a file cannot be processed (SPEC §8 "CSV file could not be processed", with the reason and line). */
export const CSV_FILE_PROBLEMS = ['binary', 'empty', 'no_rows', 'empty_column_name', 'duplicate_column_name', 'unparsable', 'too_large', 'not_csv'] as const;
export type CsvFileProblem = (typeof CSV_FILE_PROBLEMS)[number];

const zDateTime = () => z.iso.datetime({ offset: true });
const zColumn = () => zStoredText().min(1, { message: 'csvImport.validation.columnName' }).max(255);

/** A job as the wizard, the progress screen and the history show it. */
export const ZCsvJob = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(CSV_JOB_STATUSES),
  country: z.enum(COUNTRIES),
  mode: z.enum(CSV_JOB_MODES).nullable(),
  pipelineId: z.uuid().nullable(),
  reportTypes: z.array(z.enum(REPORT_TYPES)),
  mapping: z.record(z.string(), z.string()),
  headers: z.array(z.string()),
  delimiter: z.enum(CSV_DELIMITERS).nullable(),
  encoding: z.enum(CSV_ENCODINGS).nullable(),
  rowCount: z.number().int().nullable(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  createdAt: zDateTime(),
  startedAt: zDateTime().nullable(),
  finishedAt: zDateTime().nullable(),
  /** Why a failed job stopped: an API error code (`csv_unprocessable`, `insufficient_credits`…); translate with errors.<code>. */
  error: z.string().nullable(),
});
export type TCsvJob = z.infer<typeof ZCsvJob>;

export const ZCsvJobParams = z.strictObject({ id: z.uuid() });
export type TCsvJobParams = z.infer<typeof ZCsvJobParams>;

/** POST /api/v1/csv/jobs?fileName=… — the body is the file itself (text/csv), streamed to disk. */
export const ZCsvUploadQuery = z.strictObject({
  fileName: zStoredText().trim().min(1).max(255),
  ownerId: z.uuid().optional().describe('Platform staff only: the owner to import for'),
});
export type TCsvUploadQuery = z.infer<typeof ZCsvUploadQuery>;

/** The inspected file: the job, a preview of the first rows (cells by position) and the auto-matched columns. */
export const ZCsvUploadResponse = z.object({
  job: ZCsvJob,
  preview: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  suggestedMapping: z.partialRecord(z.enum(CSV_FIELDS), z.string()),
});
export type TCsvUploadResponse = z.infer<typeof ZCsvUploadResponse>;

/** GET /api/v1/csv/settings */
export const ZCsvSettingsResponse = z.object({ rowLimit: z.number().int(), maxBytes: z.number().int() });
export type TCsvSettingsResponse = z.infer<typeof ZCsvSettingsResponse>;

/** POST /api/v1/csv/jobs/:id/start — steps 2 and 3 of the wizard: the reports and the column matching. */
export const ZStartCsvJobRequest = z
  .strictObject({
    country: ZRunCountry,
    mode: z.enum(CSV_JOB_MODES),
    pipelineId: z.uuid().optional(),
    reportTypes: z.array(z.enum(REPORT_TYPES)).max(REPORT_TYPES.length).optional(),
    mapping: z.partialRecord(z.enum(CSV_FIELDS), zColumn()),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'pipeline' && !v.pipelineId) ctx.addIssue({ code: 'custom', path: ['pipelineId'], message: 'csvImport.validation.pipelineRequired' });
    if (v.mode === 'pipeline' && v.reportTypes) ctx.addIssue({ code: 'custom', path: ['reportTypes'], message: 'csvImport.validation.pipelineOrReports' });
    // SPEC §5: at least one report must be selected.
    if (v.mode === 'advanced' && !v.reportTypes?.length) ctx.addIssue({ code: 'custom', path: ['reportTypes'], message: 'csvImport.validation.reportsRequired' });
    if (v.mode === 'advanced' && v.pipelineId) ctx.addIssue({ code: 'custom', path: ['pipelineId'], message: 'csvImport.validation.pipelineOrReports' });
    // SPEC §5: one and only one column per field.
    const columns = Object.values(v.mapping);
    if (new Set(columns).size !== columns.length) ctx.addIssue({ code: 'custom', path: ['mapping'], message: 'csvImport.validation.duplicateColumn' });
  });
export type TStartCsvJobRequest = z.infer<typeof ZStartCsvJobRequest>;

export const ZListCsvJobsQuery = z.strictObject({ ownerId: z.uuid().optional().describe('Platform staff only') });
export type TListCsvJobsQuery = z.infer<typeof ZListCsvJobsQuery>;
export const ZListCsvJobsResponse = z.object({ items: z.array(ZCsvJob) });
export type TListCsvJobsResponse = z.infer<typeof ZListCsvJobsResponse>;

export const ZCsvLineFailure = z.object({
  line: z.number().int(),
  field: z.enum(CSV_FIELDS).nullable(),
  code: z.enum(CSV_FAILURE_CODES),
  message: z.string(),
});
export type TCsvLineFailure = z.infer<typeof ZCsvLineFailure>;

/** GET /api/v1/csv/jobs/:id — the job and its first failures (the whole list is the CSV download). */
export const ZCsvJobDetail = ZCsvJob.extend({ failures: z.array(ZCsvLineFailure), failuresTruncated: z.boolean() });
export type TCsvJobDetail = z.infer<typeof ZCsvJobDetail>;
export const FAILURES_SHOWN = 500;

/** Every message key these schemas use, for the web catalogues. */
export const CSV_MESSAGE_KEYS = [
  'csvImport.validation.columnName',
  'csvImport.validation.pipelineRequired',
  'csvImport.validation.pipelineOrReports',
  'csvImport.validation.reportsRequired',
  'csvImport.validation.duplicateColumn',
] as const;
