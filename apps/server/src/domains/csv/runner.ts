import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CsvRowPlan } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobs } from '../../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { ApiError } from '../../lib/api-error.ts';
import { commitBatch, LeaseLost, prepareBatch } from './batch.ts';
import type { CsvDelimiter, CsvEncoding } from './detect.ts';
import { CsvFileError } from './errors.ts';
import { expireStaleUploads } from './expiry.ts';
import { removeFile } from './files.ts';
import { progressOf } from './jobs.ts';
import { readCsv, type CsvRecord } from './read.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import type { CsvJobRow } from './view.ts';

export type CsvRunnerOptions = {
  db: Db;
  events: EventBus;
  batchSize: number;
  leaseMs: number;
  pollMs: number;
  /** Wake the report workers: a batch queued reports. */
  wakeReports?: () => void;
  log?: { debug(obj: object, msg: string): void; info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Uploads never started are removed after this long (expiry.ts); checked every `expiryEveryMs`. */
  uploadTtlMs?: number;
  expiryEveryMs?: number;
  /** Tests and the kill test: runs inside each batch's transaction, just before it commits. */
  beforeCommit?: (job: CsvJobRow, batch: number) => void | Promise<void>;
};

/** Takes one runnable job (queued, or processing with an expired lease: its runner died) with a lease. */
async function claimJob(db: Db, runnerId: string, leaseMs: number): Promise<CsvJobRow | null> {
  const [row] = await db
    .update(csvJobs)
    .set({ status: 'processing', lockedBy: runnerId, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      eq(
        csvJobs.id,
        sql`(select id from ${csvJobs} where ${csvJobs.status} in ('queued', 'processing') and (${csvJobs.lockedUntil} is null or ${csvJobs.lockedUntil} < now()) order by ${csvJobs.createdAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The import job runner (issue #5): claims a queued CSV job with a lease, streams its file from the
 * job's resume point and commits it a batch at a time (see commitBatch), then marks it completed.
 * Durable: a killed runner's job is taken over once its lease expires, and resumes after the last
 * committed batch. Runs inside the server (WORKERS=true) or `npm run worker`, beside the report worker.
 */
export class CsvImportRunner {
  readonly id = `${hostname()}:${process.pid}:csv:${randomUUID().slice(0, 8)}`;
  #running = false;
  #busy: Promise<void> | null = null;
  #timer: NodeJS.Timeout | undefined;
  #expiryTimer: NodeJS.Timeout | undefined;
  #expiring: Promise<void> | null = null;
  #again = false;
  /** `stop()` interrupts a job between batches (its lease is given back); runOnce()/drain() finish it. */
  #stopping = false;

  private readonly o: CsvRunnerOptions;

  constructor(o: CsvRunnerOptions) {
    this.o = o;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#schedule(0);
    this.#expireUploads();
    this.#expiryTimer = setInterval(() => this.#expireUploads(), this.o.expiryEveryMs ?? 15 * 60_000);
    this.#expiryTimer.unref();
  }

  #expireUploads() {
    const ttl = this.o.uploadTtlMs ?? 24 * 3_600_000;
    this.#expiring ??= expireStaleUploads(this.o.db, new Date(Date.now() - ttl))
      .then((n) => void (n > 0 && this.o.log?.info({ uploads: n }, 'csv uploads never started were removed')))
      .catch((error: unknown) => this.o.log?.error({ err: error }, 'csv upload expiry failed'))
      .finally(() => {
        this.#expiring = null;
      });
  }

  wake(): void {
    if (!this.#running) return;
    if (this.#busy) this.#again = true;
    else this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    clearTimeout(this.#timer);
    clearInterval(this.#expiryTimer);
    await this.#busy;
    await this.#expiring;
  }

  /** Runs jobs until none is runnable, waiting out other runners' leases (tests, scripts). */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`csv jobs still pending after ${timeoutMs} ms`);
      if (await this.runOnce()) continue;
      const [waiting] = await this.o.db.select({ id: csvJobs.id }).from(csvJobs).where(sql`${csvJobs.status} in ('queued', 'processing')`).limit(1);
      if (!waiting) return;
      await sleep(50);
    }
  }

  /** Claims one job and runs it to its end (or until the runner stops): whether there was one. */
  async runOnce(): Promise<boolean> {
    const job = await claimJob(this.o.db, this.id, this.o.leaseMs);
    if (!job) return false;
    await this.#run(job);
    return true;
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), ms);
  }

  async #poll() {
    if (!this.#running || this.#busy) return;
    let found = false;
    const work = (async () => {
      try {
        found = await this.runOnce();
      } catch (error) {
        this.o.log?.error({ err: error }, 'csv import runner: job failed');
      }
    })();
    this.#busy = work;
    await work;
    this.#busy = null;
    const again = found || this.#again;
    this.#again = false;
    if (this.#running) this.#schedule(again ? 0 : this.o.pollMs);
  }

  async #run(claimed: CsvJobRow): Promise<void> {
    let job = claimed;
    this.o.events.publish('csv.progress', job.ownerId, progressOf(job));
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
    const flush = async (records: CsvRecord[]) => {
      const batch = prepareBatch(job, plan, records);
      await settle(false);
      const n = batchNo++;
      const from = fromRow;
      fromRow += records.length;
      const commit = commitBatch(this.o.db, job, {
        runnerId: this.id,
        leaseMs: this.o.leaseMs,
        fromRow: from,
        batch,
        ...(latest && { after: latest }),
        beforeCommit: this.o.beforeCommit && (() => this.o.beforeCommit!(job, n)),
      }).then((committed) => {
        job = committed.job;
        if (committed.credits) this.o.events.publish('credits.updated', job.ownerId, { creditsAvailable: committed.credits.creditsAvailable });
        this.o.log?.debug({ jobId: job.id, committedRows: job.committedRows }, 'csv batch committed');
        this.o.events.publish('csv.progress', job.ownerId, progressOf(job));
        this.o.wakeReports?.();
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
      for await (const record of readCsv(job.filePath, { encoding: job.encoding as CsvEncoding, delimiter: job.delimiter as CsvDelimiter })) {
        if (header) {
          header = false;
          continue;
        }
        // Rows before the resume point were committed by an earlier run.
        if (row++ < job.committedRows) continue;
        batch.push(record);
        if (batch.length >= this.o.batchSize) {
          await flush(batch);
          batch = [];
          if (this.#stopping) {
            await settle(true);
            return this.#release(job);
          }
        }
      }
      if (batch.length > 0) await flush(batch);
      await settle(true);
      await this.#finish(job, 'completed', null);
    } catch (thrown) {
      // Batches still committing settle first: their outcome counts (a lost lease above all).
      const pending = [earlier, latest] as (Promise<void> | null)[]; // assigned in flush(): not narrowed here
      let error = thrown;
      for (const p of pending) await p?.catch((e: unknown) => void (e instanceof LeaseLost && (error = e)));
      if (error instanceof LeaseLost) {
        this.o.log?.warn({ jobId: job.id }, 'csv import runner: lease lost, another runner continues');
        return;
      }
      const fileGone = (error as { code?: string }).code === 'ENOENT';
      if (error instanceof CsvFileError || fileGone) {
        await this.#finish(job, 'failed', 'csv_unprocessable');
        return;
      }
      // The plan changed or the credits ran out since the start: the rows left cannot be imported.
      if (error instanceof ApiError && (error.code === 'insufficient_credits' || error.code === 'report_type_locked')) {
        await this.#finish(job, 'failed', error.code);
        return;
      }
      // Anything else (the database went away…): give the job back, a runner retries from the resume point.
      await this.#release(job).catch(() => {});
      throw error;
    }
  }

  async #release(job: CsvJobRow) {
    await this.o.db.update(csvJobs).set({ lockedBy: null, lockedUntil: null }).where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, this.id)));
  }

  async #finish(job: CsvJobRow, status: 'completed' | 'failed', lastError: string | null) {
    const row = await this.o.db.transaction(async (tx) => {
      const [finished] = await tx
        .update(csvJobs)
        .set({ status, lastError, finishedAt: new Date(), lockedBy: null, lockedUntil: null })
        .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, this.id)))
        .returning();
      // Issue #7: the `csv_job.finished` webhook, committed with the job's end (outbox).
      if (finished) {
        const data = { jobId: finished.id, status, processed: finished.processed, succeeded: finished.succeeded, failed: finished.failed };
        await emitWebhookEvent(tx, { ownerId: finished.ownerId, type: 'csv_job.finished', data });
      }
      return finished;
    });
    if (row) {
      // The rows are persons now (or failure lines): the uploaded file has served its purpose.
      await removeFile(row.filePath).catch(() => {});
      this.o.log?.info({ jobId: row.id, status, processed: row.processed, failed: row.failed }, 'csv import finished');
      this.o.events.publish('csv.progress', row.ownerId, progressOf(row));
    }
  }
}
