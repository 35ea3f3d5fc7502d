import { ZConsentAttestation } from '../forms/consent.ts';
import { z } from 'zod';
import { COUNTRIES, CSV_JOB_MODES, CSV_JOB_STATUSES, DOCUMENT_TYPES, REPORT_TYPES } from '../enums.ts';
import { zStoredText } from '../common/text.ts';
import { ZRunCountry } from '../profiles/schemas.ts';
import { CSV_FIELDS } from './fields.ts';
import { CSV_FAILURE_CODES } from './rows.ts';

/** Schemas of /api/v1/csv (SPEC §4 wizard, §5 rules). Messages are `csvImport.validation.*` keys. */

export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
/** What the upload step accepts (SPEC §7 lists csv among the upload types). */
export const CSV_ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv'],
} as const;

/** Why a file cannot be processed (SPEC §8 "CSV file could not be processed", with the reason and line). */
export const CSV_FILE_PROBLEMS = [
  'binary',
  'empty',
  'no_rows',
  'empty_column_name',
  'duplicate_column_name',
  'unparsable',
  'too_large',
  'not_csv',
] as const;
export type CsvFileProblem = (typeof CSV_FILE_PROBLEMS)[number];

const zDateTime = () => z.iso.datetime({ offset: true });
const zColumn = () => zStoredText().min(1, { message: 'csvImport.validation.columnName' }).max(255);

/**
 * What the import does with a row whose document (type and number, in the job's country) already
 * belongs to one of the owner's persons, or repeats an earlier row of the same file:
 * `skip` it (counted as skipped, nothing charged), `update` that person's contact fields from the row
 * (no new person, no reports), or `create` a new person anyway.
 */
export const CSV_DUPLICATE_CHOICES = ['skip', 'update', 'create'] as const;
export type CsvDuplicateChoice = (typeof CSV_DUPLICATE_CHOICES)[number];

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
  /** Persons created. */
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** What the job does with duplicates. */
  duplicates: z.enum(CSV_DUPLICATE_CHOICES),
  /** Rows not imported because their document already exists (`skip`). */
  skipped: z.number().int(),
  /** Rows that updated an existing person (`update`). */
  updated: z.number().int(),
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

/** The wizard's choices of steps 2 and 3: the reports and the column matching. */
const startFields = {
  country: ZRunCountry,
  mode: z.enum(CSV_JOB_MODES),
  pipelineId: z.uuid().optional(),
  reportTypes: z.array(z.enum(REPORT_TYPES)).max(REPORT_TYPES.length).optional(),
  mapping: z.partialRecord(z.enum(CSV_FIELDS), zColumn()),
};

function checkStartFields(
  v: { mode: string; pipelineId?: string | undefined; reportTypes?: unknown[] | undefined; mapping: object },
  ctx: z.RefinementCtx,
) {
  if (v.mode === 'pipeline' && !v.pipelineId)
    ctx.addIssue({ code: 'custom', path: ['pipelineId'], message: 'csvImport.validation.pipelineRequired' });
  if (v.mode === 'pipeline' && v.reportTypes)
    ctx.addIssue({ code: 'custom', path: ['reportTypes'], message: 'csvImport.validation.pipelineOrReports' });
  // SPEC §5: at least one report must be selected.
  if (v.mode === 'advanced' && !v.reportTypes?.length)
    ctx.addIssue({ code: 'custom', path: ['reportTypes'], message: 'csvImport.validation.reportsRequired' });
  if (v.mode === 'advanced' && v.pipelineId)
    ctx.addIssue({ code: 'custom', path: ['pipelineId'], message: 'csvImport.validation.pipelineOrReports' });
  // SPEC §5: one and only one column per field.
  const columns = Object.values(v.mapping);
  if (new Set(columns).size !== columns.length)
    ctx.addIssue({ code: 'custom', path: ['mapping'], message: 'csvImport.validation.duplicateColumn' });
}

/** POST /api/v1/csv/jobs/:id/start — steps 2 and 3 of the wizard (the reports, the column matching) and the duplicates choice. */
export const ZStartCsvJobRequest = z
  .strictObject({
    ...startFields,
    duplicates: z
      .enum(CSV_DUPLICATE_CHOICES)
      .default('skip')
      .describe(
        "A row whose document already exists for the owner, or repeats an earlier row's: skip (default), update or create",
      ),
    consentAttestation: ZConsentAttestation.optional().describe(
      'One consent attestation for every person of the file; required when the owner requires it',
    ),
  })
  .superRefine(checkStartFields);
export type TStartCsvJobRequest = z.infer<typeof ZStartCsvJobRequest>;

/**
 * POST /api/v1/csv/jobs/:id/duplicates — the review step's question: which rows of the
 * uploaded file would be duplicates, with the same choices the start will send. Only the valid rows
 * count (a row that fails is not a duplicate), judged by the same rules as the import.
 */
export const ZCsvDuplicatesRequest = z.strictObject(startFields).superRefine(checkStartFields);
export type TCsvDuplicatesRequest = z.infer<typeof ZCsvDuplicatesRequest>;

/** Rows flagged in the response, the first ones by line. */
export const CSV_DUPLICATES_SHOWN = 100;

export const ZCsvDuplicateRow = z.object({
  line: z.number().int(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentId: z.string(),
  /** The owner's person with this document (the latest one, if several); null when the row only repeats an earlier line. */
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The earlier line of the file with the same document; null when it is the first with it. */
  sameAsLine: z.number().int().nullable(),
});
export type TCsvDuplicateRow = z.infer<typeof ZCsvDuplicateRow>;

export const ZCsvDuplicatesResponse = z.object({
  /** Valid rows whose document belongs to one of the owner's persons. */
  existing: z.number().int(),
  /** Other valid rows repeating an earlier row's document. */
  repeated: z.number().int(),
  /** The first CSV_DUPLICATES_SHOWN of those rows, by line. */
  rows: z.array(ZCsvDuplicateRow),
  rowsTruncated: z.boolean(),
});
export type TCsvDuplicatesResponse = z.infer<typeof ZCsvDuplicatesResponse>;

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
