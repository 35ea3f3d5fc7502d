import type { Readable } from 'node:stream';
import {
  autoMatchColumns,
  creditsFor,
  CSV_FAILURE_MESSAGES,
  FAILURES_SHOWN,
  isReportAvailable,
  mappingProblems,
  plansPayingWithCredits,
  requiredCsvFields,
  type Locale,
  type ReportType,
  type CsvRowPlan,
  type TCsvDuplicatesRequest,
  type TCsvDuplicatesResponse,
  type TCsvJobDetail,
  type TCsvUploadResponse,
  type TStartCsvJobRequest,
} from '@centinela/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../lib/config.ts';
import type { Db } from '../../db/client.ts';
import { csvJobFailures, csvJobs, owners, pipelines } from '../../db/schema/index.ts';
import { assertReportsIncluded, ownerPlan } from '../credits/charge.ts';
import { ApiError, type ApiIssue } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { requireOwner, type Actor, type EventBus, ownedBy, type TenantScope } from '../../kernel/index.ts';
import { attestationFor } from '../profiles/consent.ts';
import { scanDuplicates } from './duplicates.ts';
import { csvDir, removeFile, saveUpload } from './files.ts';
import { inspectCsv } from './inspect.ts';
import { toCsvJob, type CsvJobRow } from './view.ts';

export type CsvDeps = { db: Db; config: Config; events: EventBus; wake?: () => void };

/** SPEC §8 "Missing fields" (and the other mapping problems), per field. */
export class CsvMappingError extends ApiError {
  declare readonly issues: ApiIssue[];

  constructor(issues: ApiIssue[]) {
    super(422, 'csv_missing_fields', {}, issues);
  }
}

/**
 * Step 1: stores the uploaded body (streamed), inspects it (encoding, delimiter, header, rows within
 * the limit) and records an `uploaded` job. A file that fails inspection is deleted and never recorded.
 */
export async function uploadCsv(
  { db, config }: CsvDeps,
  { scope, fileName, body, actor }: { scope: TenantScope; fileName: string; body: Readable; actor: Actor },
): Promise<TCsvUploadResponse> {
  const ownerId = requireOwner(scope);
  const saved = await saveUpload(csvDir(config), body, config.CSV_MAX_BYTES);
  try {
    const inspection = await inspectCsv(saved.path, config.CSV_ROW_LIMIT);
    const job = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(csvJobs)
        .values({
          ownerId,
          createdBy: actor.userId,
          fileName,
          fileSize: saved.size,
          filePath: saved.path,
          delimiter: inspection.delimiter,
          encoding: inspection.encoding,
          headers: inspection.headers,
          rowCount: inspection.rowCount,
          country: 'xx',
        })
        .returning();
      await audit(tx, actor, {
        ownerId,
        action: 'csv.upload',
        entityType: 'csv_job',
        entityId: row!.id,
        changes: { fileName, fileSize: saved.size, rows: inspection.rowCount },
      });
      return row!;
    });
    return {
      job: toCsvJob(job),
      preview: inspection.preview,
      suggestedMapping: autoMatchColumns(inspection.headers),
    };
  } catch (error) {
    await removeFile(saved.path);
    throw error;
  }
}

export async function findJob(db: Db, scope: TenantScope, id: string): Promise<CsvJobRow> {
  const [row] = await db
    .select()
    .from(csvJobs)
    .where(and(ownedBy(scope, csvJobs.ownerId), eq(csvJobs.id, id)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The report types a start request means: the pipeline's (same owner and country) or the chosen ones, all offered in the country. */
async function planOf(
  db: Db,
  ownerId: string,
  input: TCsvDuplicatesRequest,
): Promise<{ types: ReportType[]; pipelineId: string | null }> {
  if (input.mode === 'pipeline') {
    const [pipeline] = await db
      .select()
      .from(pipelines)
      .where(and(eq(pipelines.ownerId, ownerId), eq(pipelines.id, input.pipelineId!)));
    if (!pipeline)
      throw new CsvMappingError([
        { path: 'body.pipelineId', code: 'not_found', key: 'profiles.validation.pipelineNotFound' },
      ]);
    if (pipeline.country !== input.country)
      throw new CsvMappingError([
        { path: 'body.pipelineId', code: 'country_mismatch', key: 'profiles.validation.pipelineCountry' },
      ]);
    return { types: pipeline.reportTypes.filter((t) => isReportAvailable(input.country, t)), pipelineId: pipeline.id };
  }
  const types = [...new Set(input.reportTypes ?? [])];
  const unavailable = types.findIndex((t) => !isReportAvailable(input.country, t));
  if (unavailable >= 0)
    throw new CsvMappingError([
      {
        path: `body.reportTypes.${unavailable}`,
        code: 'not_available',
        key: 'profiles.validation.reportNotAvailable',
      },
    ]);
  return { types, pipelineId: null };
}

/**
 * The owner's plan must include the reports (403 `report_type_locked`), and a free-plan owner must hold
 * the credits for every row (402 `insufficient_credits`): an upper bound, since rows that fail and
 * reports left INCOMPLETE are not charged. Each batch then debits what it queued (chargeReports).
 */
async function checkPlanAndCredits(
  db: Db,
  ownerId: string,
  types: readonly ReportType[],
  rows: number,
  duplicateRows?: () => Promise<number>,
) {
  const plan = await ownerPlan(db, ownerId);
  assertReportsIncluded(plan, types);
  if (!plansPayingWithCredits(plan)) return;
  let needed = rows * creditsFor(types);
  const [owner] = await db.select({ available: owners.creditsAvailable }).from(owners).where(eq(owners.id, ownerId));
  const available = owner?.available ?? 0;
  // Skipped or updated duplicates cost nothing — read the file for them only when it matters.
  if (available < needed && duplicateRows) needed = (rows - (await duplicateRows())) * creditsFor(types);
  if (available < needed)
    throw new ApiError(402, 'insufficient_credits', { needed: String(needed), available: String(available) });
}

/** SPEC §5's mapping rules for these reports (422 per field), and the mapping without its blank fields. */
function checkedMapping(job: CsvJobRow, input: TCsvDuplicatesRequest, types: readonly ReportType[]) {
  const problems = mappingProblems(input.mapping, requiredCsvFields(input.country, types), job.headers);
  if (problems.length > 0) {
    throw new CsvMappingError(
      problems.map((p) => ({ path: `body.mapping.${p.field}`, code: p.kind, key: `csvImport.mapping.${p.kind}` })),
    );
  }
  return Object.fromEntries(Object.entries(input.mapping).filter(([, column]) => column)) as Record<string, string>;
}

/**
 * The job as the import will read it with these choices, and the plan every row shares: what the
 * duplicates check reads the file with. The mapping is checked first (422 per field).
 */
function plannedRows(
  job: CsvJobRow,
  input: TCsvDuplicatesRequest,
  plan: { types: ReportType[]; pipelineId: string | null },
): { job: CsvJobRow; plan: CsvRowPlan } {
  const mapping = checkedMapping(job, input, plan.types);
  return {
    job: { ...job, country: input.country, mapping, reportTypes: plan.types, pipelineId: plan.pipelineId },
    plan: {
      country: input.country,
      ...(plan.pipelineId ? { pipelineId: plan.pipelineId } : { reportTypes: plan.types }),
    },
  };
}

/** POST /csv/jobs/:id/duplicates: the wizard's choices checked as the start checks them, then the file read with them. */
export async function findCsvDuplicates(
  db: Db,
  { scope, id, input }: { scope: TenantScope; id: string; input: TCsvDuplicatesRequest },
): Promise<TCsvDuplicatesResponse> {
  const job = await findJob(db, scope, id);
  if (job.status !== 'uploaded') throw new ApiError(409, 'csv_job_not_startable');
  const planned = plannedRows(job, input, await planOf(db, job.ownerId, input));
  return scanDuplicates(db, planned.job, planned.plan);
}

/**
 * Steps 2–4: the reports and the column matching (SPEC §5: each required field matched to one and
 * only one column, no duplicates, missing fields listed), then the job is queued for the import runner.
 */
export async function startCsvJob(
  { db, events, wake }: CsvDeps,
  { scope, id, input, actor }: { scope: TenantScope; id: string; input: TStartCsvJobRequest; actor: Actor },
) {
  const job = await findJob(db, scope, id);
  if (job.status !== 'uploaded') throw new ApiError(409, 'csv_job_not_startable');
  const plan = await planOf(db, job.ownerId, input);
  const duplicateRows =
    input.duplicates === 'create'
      ? undefined
      : async () => {
          const planned = plannedRows(job, input, plan);
          const found = await scanDuplicates(db, planned.job, planned.plan);
          return found.existing + found.repeated;
        };
  await checkPlanAndCredits(db, job.ownerId, plan.types, job.rowCount ?? 0, duplicateRows);
  const mapping = checkedMapping(job, input, plan.types);
  const now = new Date();
  const attestation = await attestationFor(db, job.ownerId, input.consentAttestation, actor, now);
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(csvJobs)
      .set({
        status: 'queued',
        country: input.country,
        mode: input.mode,
        pipelineId: plan.pipelineId,
        reportTypes: plan.types,
        mapping,
        duplicates: input.duplicates,
        consentAttestedAt: attestation?.at ?? null,
        consentAttestedBy: attestation?.userId ?? null,
        consentVersion: attestation?.version ?? null,
        startedAt: now,
      })
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.status, 'uploaded')))
      .returning();
    if (!row) throw new ApiError(409, 'csv_job_not_startable');
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'csv.start',
      entityType: 'csv_job',
      entityId: row.id,
      changes: {
        mode: input.mode,
        country: input.country,
        pipelineId: plan.pipelineId,
        reportTypes: plan.types,
        mapping,
        duplicates: input.duplicates,
        ...(attestation && { consentAttested: attestation.version }),
      },
    });
    return row;
  });
  events.publish('csv.progress', started.ownerId, progressOf(started));
  wake?.();
  return toCsvJob(started);
}

export const progressOf = (row: CsvJobRow) => ({
  jobId: row.id,
  status: row.status,
  processed: row.processed,
  succeeded: row.succeeded,
  failed: row.failed,
  skipped: row.skipped,
  updated: row.updated,
  rowCount: row.rowCount,
});

/** The owner's jobs, newest first (the history). */
export async function listCsvJobs(db: Db, scope: TenantScope) {
  const rows = await db
    .select()
    .from(csvJobs)
    .where(ownedBy(scope, csvJobs.ownerId))
    .orderBy(desc(csvJobs.createdAt), desc(csvJobs.id))
    .limit(100);
  return { items: rows.map(toCsvJob) };
}

const failureMessage = (code: keyof typeof CSV_FAILURE_MESSAGES, locale: Locale) => CSV_FAILURE_MESSAGES[code][locale];

export async function getCsvJob(db: Db, scope: TenantScope, id: string, locale: Locale): Promise<TCsvJobDetail> {
  const job = await findJob(db, scope, id);
  const rows = await db
    .select()
    .from(csvJobFailures)
    .where(eq(csvJobFailures.jobId, job.id))
    .orderBy(asc(csvJobFailures.line), asc(csvJobFailures.seq))
    .limit(FAILURES_SHOWN + 1);
  return {
    ...toCsvJob(job),
    failures: rows
      .slice(0, FAILURES_SHOWN)
      .map((f) => ({ line: f.line, field: f.field ?? null, code: f.code, message: failureMessage(f.code, locale) })),
    failuresTruncated: rows.length > FAILURES_SHOWN,
  };
}

/** Every failure of a job in line order, a keyset page at a time (the CSV download streams these). */
export async function* csvJobFailureRows(db: Db, jobId: string, locale: Locale) {
  let after = { line: -1, seq: -1 };
  for (;;) {
    const page = await db
      .select()
      .from(csvJobFailures)
      .where(
        and(
          eq(csvJobFailures.jobId, jobId),
          sql`(${csvJobFailures.line}, ${csvJobFailures.seq}) > (${after.line}, ${after.seq})`,
        ),
      )
      .orderBy(asc(csvJobFailures.line), asc(csvJobFailures.seq))
      .limit(5000);
    if (page.length === 0) return;
    for (const f of page)
      yield { line: f.line, field: f.field ?? '', code: f.code, message: failureMessage(f.code, locale) };
    const last = page.at(-1)!;
    after = { line: last.line, seq: last.seq };
  }
}
