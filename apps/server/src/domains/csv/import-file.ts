import type { CsvRowPlan } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobs } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { JobLog, RunContext } from '../../lib/jobs/index.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import { batchExisting, commitBatch, judgeRows, LeaseLost, prepareJudged } from './batch.ts';
import type { CsvDelimiter, CsvEncoding } from './detect.ts';
import { CsvFileError } from './errors.ts';
import { removeFile } from './files.ts';
import { progressOf } from './jobs.ts';
import { readCsv, type CsvRecord } from './read.ts';
import type { CsvJobRow } from './view.ts';

export type ImportFileOptions = {
  db: Db;
  events: EventBus;
  batchSize: number;
  leaseMs: number;
  /** Wake the report runner: a batch queued reports. */
  wakeReports?: () => void;
  log?: JobLog;
  /** Tests and the kill test: runs inside each batch's transaction, just before it commits. */
  beforeCommit?: (job: CsvJobRow, batch: number) => void | Promise<void>;
};

/**
 * The CSV import queue's handler: streams a claimed job's file from its resume point and
 * commits it a batch at a time (commitBatch renews the lease), then marks it completed. A stopping
 * runner gives the job back between batches; a killed one's job resumes after its last committed batch.
 */
export function importFileHandler(o: ImportFileOptions): (job: CsvJobRow, context: RunContext) => Promise<void> {
  return (claimed, { stopping, runnerId }) => importFile(o, claimed, stopping, runnerId);
}

async function importFile(
  o: ImportFileOptions,
  claimed: CsvJobRow,
  stopping: () => boolean,
  runnerId: string,
): Promise<void> {
  let job = claimed;
  o.events.publish('csv.progress', job.ownerId, progressOf(job));
  const plan: CsvRowPlan = {
    country: job.country as CsvRowPlan['country'],
    ...(job.mode === 'pipeline' ? { pipelineId: job.pipelineId ?? undefined } : { reportTypes: job.reportTypes }),
  };
  let batchNo = 0;
  let fromRow = job.committedRows;
  // Two batches in flight: one writes its rows while the one before it commits, and the next is read,
  // validated and serialised meanwhile — the import's CPU work and the database's overlap on two cores.
  // Batches still commit in file order (commitBatch's `after`).
  let earlier: Promise<void> | null = null;
  let latest: Promise<void> | null = null;
  const settle = async (all: boolean) => {
    const pending = all ? [earlier, latest] : [earlier];
    earlier = all ? null : latest;
    if (all) latest = null;
    for (const p of pending) await p;
  };
  // Documents this run made or updated a person for, in file order (see Dedupe).
  const seen = new Map<string, string>();
  const flush = async (records: CsvRecord[]) => {
    // Duplicates are resolved now, not by the wizard's check (which may be stale): the owner's persons
    // as committed, plus this run's rows before these (some still committing).
    const outcomes = judgeRows(job, plan, records);
    const existing = await batchExisting(o.db, job, outcomes);
    const batch = prepareJudged(job, outcomes, { choice: job.duplicates, seen, existing });
    await settle(false);
    const n = batchNo++;
    const from = fromRow;
    fromRow += records.length;
    const commit = commitBatch(o.db, job, {
      runnerId,
      leaseMs: o.leaseMs,
      fromRow: from,
      batch,
      ...(latest && { after: latest }),
      beforeCommit: o.beforeCommit && (() => o.beforeCommit!(job, n)),
    }).then((committed) => {
      job = committed.job;
      if (committed.credits)
        o.events.publish('credits.updated', job.ownerId, { creditsAvailable: committed.credits.creditsAvailable });
      o.log?.debug({ jobId: job.id, committedRows: job.committedRows }, 'csv batch committed');
      o.events.publish('csv.progress', job.ownerId, progressOf(job));
      o.wakeReports?.();
    });
    // Observed by settle() (or the next batch); until then a failure must not count as unhandled.
    commit.catch(() => {});
    latest = commit;
  };
  try {
    if (!job.filePath) throw new CsvFileError('empty', 0);
    let row = 0;
    let header = true;
    let batch: CsvRecord[] = [];
    for await (const record of readCsv(job.filePath, {
      encoding: job.encoding as CsvEncoding,
      delimiter: job.delimiter as CsvDelimiter,
    })) {
      if (header) {
        header = false;
        continue;
      }
      // Rows before the resume point were committed by an earlier run.
      if (row++ < job.committedRows) continue;
      batch.push(record);
      if (batch.length >= o.batchSize) {
        await flush(batch);
        batch = [];
        if (stopping()) {
          await settle(true);
          return release(o.db, job, runnerId);
        }
      }
    }
    if (batch.length > 0) await flush(batch);
    await settle(true);
    await finish(o, job, runnerId, 'completed', null);
  } catch (thrown) {
    // Batches still committing settle first: their outcome counts (a lost lease above all).
    const pending = [earlier, latest] as (Promise<void> | null)[]; // assigned in flush(): not narrowed here
    let error = thrown;
    for (const p of pending) await p?.catch((e: unknown) => void (e instanceof LeaseLost && (error = e)));
    if (error instanceof LeaseLost) {
      o.log?.warn({ jobId: job.id }, 'csv import: lease lost, another runner continues');
      return;
    }
    const fileGone = (error as { code?: string }).code === 'ENOENT';
    if (error instanceof CsvFileError || fileGone) {
      await finish(o, job, runnerId, 'failed', 'csv_unprocessable');
      return;
    }
    // The plan changed or the credits ran out since the start: the rows left cannot be imported.
    if (error instanceof ApiError && (error.code === 'insufficient_credits' || error.code === 'report_type_locked')) {
      await finish(o, job, runnerId, 'failed', error.code);
      return;
    }
    // Anything else (the database went away…): give the job back, a runner retries from the resume point.
    await release(o.db, job, runnerId).catch(() => {});
    throw error;
  }
}

async function release(db: Db, job: CsvJobRow, runnerId: string) {
  await db
    .update(csvJobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, runnerId)));
}

async function finish(
  o: ImportFileOptions,
  job: CsvJobRow,
  runnerId: string,
  status: 'completed' | 'failed',
  lastError: string | null,
) {
  const row = await o.db.transaction(async (tx) => {
    const [finished] = await tx
      .update(csvJobs)
      .set({ status, lastError, finishedAt: new Date(), lockedBy: null, lockedUntil: null })
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, runnerId)))
      .returning();
    // The `csv_job.finished` webhook, committed with the job's end (outbox).
    if (finished) {
      const data = {
        jobId: finished.id,
        status,
        processed: finished.processed,
        succeeded: finished.succeeded,
        failed: finished.failed,
        // Rows skipped, or that updated an existing person, as duplicates.
        skipped: finished.skipped,
        updated: finished.updated,
      };
      await emitWebhookEvent(tx, { ownerId: finished.ownerId, type: 'csv_job.finished', data });
    }
    return finished;
  });
  if (row) {
    // The rows are persons now (or failure lines): the uploaded file has served its purpose.
    await removeFile(row.filePath).catch(() => {});
    o.log?.info({ jobId: row.id, status, processed: row.processed, failed: row.failed }, 'csv import finished');
    o.events.publish('csv.progress', row.ownerId, progressOf(row));
  }
}
