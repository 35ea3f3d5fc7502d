import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobs } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { importFileHandler, type ImportFileOptions } from './import-file.ts';
import type { CsvJobRow } from './view.ts';

export type CsvQueueOptions = ImportFileOptions & { pollMs: number };

const runnable = sql`${csvJobs.status} in ('queued', 'processing')`;

/** A job is queued or processing until it ends; due since its last change; its attempts are not counted. */
const ledger: QueueLedger = {
  table: csvJobs,
  unfinished: runnable,
  dueAt: csvJobs.updatedAt,
  lockedUntil: csvJobs.lockedUntil,
  attempts: sql`0`,
  failed: eq(csvJobs.status, 'failed'),
};

/**
 * The CSV import queue: a queued job row is the job, one at a time (a file is long work and
 * already overlaps its own batches), imported by import-file.ts, which renews the lease per batch.
 */
export function csvQueue(o: CsvQueueOptions): Queue<CsvJobRow> {
  return {
    name: 'csv',
    concurrency: 1,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
    renewsLease: true,
    claim: async ({ runnerId, leaseMs }) => {
      const job = await claimJob(o.db, runnerId, leaseMs);
      return job ? [job] : [];
    },
    run: importFileHandler(o),
    nextDueInMs: () => nextJobInMs(o.db),
    ledger,
  };
}

/** The CSV import queue wired from configuration; a batch's reports wake the reports runner. */
export function csvQueueFor({ config, database, events, log, wake }: QueueDeps): Queue<CsvJobRow> {
  return csvQueue({
    db: database.db,
    events,
    batchSize: config.CSV_BATCH_SIZE,
    leaseMs: config.CSV_LEASE_SECONDS * 1000,
    pollMs: config.WORKER_POLL_MS,
    wakeReports: () => wake?.('reports'),
    log,
  });
}

/** Takes one runnable job (queued, or processing with an expired lease: its runner died) with a lease. */
async function claimJob(db: Db, runnerId: string, leaseMs: number): Promise<CsvJobRow | null> {
  const [row] = await db
    .update(csvJobs)
    .set({ status: 'processing', lockedBy: runnerId, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      eq(
        csvJobs.id,
        sql`(select id from ${csvJobs} where ${runnable} and (${csvJobs.lockedUntil} is null or ${csvJobs.lockedUntil} < now()) order by ${csvJobs.createdAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Milliseconds until a runnable job is free (its holder's lease runs out); null when none is left. */
async function nextJobInMs(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      inMs: sql<
        number | null
      >`(extract(epoch from min(coalesce(${csvJobs.lockedUntil}, now())) - now()) * 1000)::double precision`,
    })
    .from(csvJobs)
    .where(runnable);
  const value = row?.inMs;
  return value === null || value === undefined ? null : Math.max(0, Number(value));
}
