import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { errorMessage, isReportAvailable, reportStatusFromFindings } from '@centinela/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { claimReports, nextDueInMs, parkReport, settle, settleBatch, type ClaimedJob, type Settled, type Settlement } from './jobs.ts';
import { PermanentSourceError, type ReportProvider, type ReportSubject } from './provider.ts';
import { checkInputs, subjectOf } from './subject.ts';

export type WorkerOptions = {
  db: Db;
  provider: ReportProvider;
  events: EventBus;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  backoffMs: number;
  backoffMaxMs: number;
  log?: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Sol (issue #9): employment_references reports are handed to the reference-check workflow instead of
   * a provider (`start` runs inside the hand-over transaction; `wake` after commit). Without it they run
   * through `provider` like any other type.
   */
  sol?: SolHandoff;
};

export type SolHandoff = {
  start(tx: Db, input: { job: ClaimedJob; subject: ReportSubject }): Promise<void>;
  wake(): void;
};

/** Back-off after failed attempt n (1-based): base × 2^(n-1), capped, with up to 10% jitter so retries spread. */
export function backoffMs(attempt: number, base: number, max: number, random = Math.random): number {
  const exact = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(exact * (1 + random() * 0.1));
}

const MAX_RETRIES = errorMessage('max_retries_exceeded', 'en');

type ProfileRow = typeof profiles.$inferSelect;
type Pending = { job: ClaimedJob; settlement: Settlement; resolve(s: Settled | null): void; reject(e: unknown): void };

/** Most attempts one settlement transaction writes. */
const BATCH_MAX = 200;

/**
 * Group commit: attempts that finish while a settlement transaction is running are written together by
 * the next one (`settleBatch`), so throughput grows with load instead of paying one transaction per
 * report. If a batch fails, its items are written one by one, so one bad row cannot hold the others.
 */
class Settler {
  #queue: Pending[] = [];
  #flushing = false;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  settle(job: ClaimedJob, settlement: Settlement): Promise<Settled | null> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, settlement, resolve, reject });
      void this.#flush();
    });
  }

  async #flush() {
    if (this.#flushing) return;
    this.#flushing = true;
    try {
      // Let the attempts finishing in this same turn join the first batch.
      await nextTurn();
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, BATCH_MAX);
        try {
          const out = await settleBatch(this.db, batch);
          batch.forEach((p, i) => p.resolve(out[i] ?? null));
        } catch {
          for (const p of batch) await settle(this.db, p.job, p.settlement).then(p.resolve, p.reject);
        }
      }
    } finally {
      this.#flushing = false;
    }
  }
}

/**
 * Runs due reports: claims up to `concurrency` at a time, runs the provider, settles each attempt in one
 * lease-guarded transaction (report + profile status), then publishes events. Polls every `pollMs`, or
 * at once on `wake()`. `stop()` lets in-flight reports finish for a grace period, then aborts them and
 * gives their leases back.
 */
export class ReportWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #inflight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  readonly #settler: Settler;
  #running = false;
  #stopping = false;
  #polling: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #timerDue = Infinity;

  private readonly o: WorkerOptions;

  constructor(o: WorkerOptions) {
    this.o = o;
    this.#settler = new Settler(o.db);
  }

  get running() {
    return this.#running;
  }

  get concurrency() {
    return this.o.concurrency;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#schedule(0);
  }

  /** Something was queued: look now instead of at the next poll (no-op when not started). */
  wake(): void {
    if (this.#running) this.#schedule(0);
  }

  async stop(graceMs = 5000): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    clearTimeout(this.#timer);
    this.#timerDue = Infinity;
    // A claim under way when we were asked to stop: its reports are ours too, launch then give back.
    await this.#polling;
    const all = () => Promise.allSettled([...this.#inflight.values()].map((j) => j.done));
    const finished = await Promise.race([all().then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!finished) for (const job of this.#inflight.values()) job.abort.abort(new Error('worker stopping'));
    await all();
  }

  /**
   * Runs every report until none is PENDING (waiting out back-offs and leases), without polling: for
   * tests, the bench and one-off scripts. Rejects after `timeoutMs`.
   */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`reports still pending after ${timeoutMs} ms`);
      if ((await this.runOnce()) > 0) continue;
      const next = await nextDueInMs(this.o.db);
      if (next === null) return;
      await sleep(Math.min(Math.max(next, 2), 250));
    }
  }

  /** One claim and the reports it got, run to their settlement: how many there were (tests). */
  async runOnce(): Promise<number> {
    const jobs = await claimReports(this.o.db, { workerId: this.id, leaseMs: this.o.leaseMs, limit: this.o.concurrency });
    const people = await this.#profilesOf(jobs);
    await Promise.all(jobs.map((job) => this.#launch(job, people.get(job.profileId))));
    return jobs.length;
  }

  /** The claimed reports' profiles in one query (a report whose profile is gone meanwhile finds none). */
  async #profilesOf(jobs: ClaimedJob[]): Promise<Map<string, ProfileRow>> {
    if (jobs.length === 0) return new Map();
    const rows = await this.o.db
      .select()
      .from(profiles)
      .where(inArray(profiles.id, [...new Set(jobs.map((j) => j.profileId))]));
    return new Map(rows.map((p) => [p.id, p]));
  }

  #schedule(inMs: number) {
    const due = Date.now() + inMs;
    if (due >= this.#timerDue) return;
    clearTimeout(this.#timer);
    this.#timerDue = due;
    this.#timer = setTimeout(() => {
      this.#timerDue = Infinity;
      void this.#poll();
    }, inMs);
  }

  async #poll() {
    if (!this.#running) return;
    if (this.#polling) {
      this.#again = true;
      return;
    }
    let full = false;
    this.#polling = (async () => {
      try {
        const free = this.o.concurrency - this.#inflight.size;
        if (free > 0) {
          const jobs = await claimReports(this.o.db, { workerId: this.id, leaseMs: this.o.leaseMs, limit: free });
          const people = await this.#profilesOf(jobs);
          for (const job of jobs) void this.#launch(job, people.get(job.profileId));
          full = jobs.length === free;
        }
      } catch (error) {
        this.o.log?.error({ err: error }, 'report worker: claim failed');
      }
    })();
    await this.#polling;
    this.#polling = null;
    // More may be due right away (a full batch, or a wake() during the claim); otherwise poll later.
    const again = this.#again || full;
    this.#again = false;
    if (this.#running) this.#schedule(again ? 0 : this.o.pollMs);
  }

  #launch(job: ClaimedJob, profile: ProfileRow | undefined): Promise<void> {
    const abort = new AbortController();
    this.o.log?.debug({ reportId: job.id, attempt: job.attempt }, 'report claimed');
    const done = this.#run(job, profile, abort)
      .catch((error: unknown) => this.o.log?.error({ err: error, reportId: job.id }, 'report worker: job failed'))
      .finally(() => {
        this.#inflight.delete(job.id);
        if (this.#running) this.#schedule(0);
      });
    this.#inflight.set(job.id, { done, abort });
    return done;
  }

  async #run(job: ClaimedJob, profile: ProfileRow | undefined, abort: AbortController): Promise<void> {
    if (job.type === 'employment_references' && this.o.sol && profile && (await this.#handOver(job, profile, this.o.sol))) return;
    const settled = await this.#settler.settle(job, await this.#attempt(job, profile, abort));
    if (!settled) {
      this.o.log?.warn({ reportId: job.id, attempt: job.attempt }, 'report worker: lease lost, result discarded');
      return;
    }
    this.o.log?.debug({ reportId: job.id, attempt: job.attempt, status: settled.status }, 'report settled');
    this.#publish(settled);
  }

  /** Sol's report with what it needs: parked for the reference check (true), or left to the usual path (false: INCOMPLETE, unavailable). */
  async #handOver(job: ClaimedJob, profile: ProfileRow, sol: SolHandoff): Promise<boolean> {
    const subject = subjectOf(profile);
    if (!isReportAvailable(subject.country, job.type) || checkInputs(subject, job.type).missing.length > 0) return false;
    const parked = await parkReport(this.o.db, job, (tx) => sol.start(tx, { job, subject }));
    if (parked) sol.wake();
    else this.o.log?.warn({ reportId: job.id, attempt: job.attempt }, 'report worker: lease lost before the hand-over to Sol');
    return true;
  }

  /** One attempt: what to write. Never throws for a source failure; a bug in here is retried like one. */
  async #attempt(job: ClaimedJob, profile: ProfileRow | undefined, abort: AbortController): Promise<Settlement> {
    if (!profile) return { kind: 'release' }; // deleted meanwhile: the report row went with it
    const subject = subjectOf(profile);
    if (!isReportAvailable(subject.country, job.type)) {
      return { kind: 'result', status: 'ERROR', lastError: `${job.type} is not offered in ${subject.country}`, details: { errorCode: 'report_unavailable' } };
    }
    // Checked at run time too: the profile may have been edited since the report was queued.
    const { missing } = checkInputs(subject, job.type);
    if (missing.length > 0) return { kind: 'result', status: 'INCOMPLETE', missingInputs: missing };

    // A lease that runs out hands the job to someone else: stop waiting on the source before that.
    const timer = setTimeout(() => abort.abort(new Error('lease expired')), Math.max(1, this.o.leaseMs - 1000));
    try {
      const result = await this.o.provider.run(job.type, subject, abort.signal, { reportId: job.id, attempt: job.attempt });
      return {
        kind: 'result',
        status: reportStatusFromFindings(result.findings, profile.confirmedHomonym),
        findings: result.findings,
        details: result.details,
      };
    } catch (error) {
      if (this.#stopping && abort.signal.aborted) return { kind: 'release' };
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentSourceError) {
        return { kind: 'result', status: 'ERROR', lastError: message, details: { errorCode: 'source_refused', cause: message } };
      }
      if (job.attempt >= this.o.maxAttempts) {
        return { kind: 'result', status: 'ERROR', lastError: MAX_RETRIES, details: { errorCode: 'max_retries_exceeded', cause: message } };
      }
      return { kind: 'retry', lastError: message, retryInMs: backoffMs(job.attempt, this.o.backoffMs, this.o.backoffMaxMs) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** After commit: listeners see only what is stored. A retry changes no status, so it says nothing. */
  #publish(s: Settled) {
    if (s.status === 'PENDING') return;
    this.o.events.publish('report.updated', s.ownerId, { profileId: s.profileId, reportId: s.reportId, status: s.status });
    if (s.profile?.changed) this.o.events.publish('profile.updated', s.ownerId, { profileId: s.profileId, status: s.profile.status });
    if (s.credits) this.o.events.publish('credits.updated', s.credits.ownerId, { creditsAvailable: s.credits.creditsAvailable });
  }
}
