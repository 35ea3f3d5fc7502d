import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { claimChecks, nextCheckDueInMs, release, type ClaimedCheck } from './jobs.ts';
import type { StepOutcome } from './check-end.ts';
import { runStep, type SolContext } from './engine.ts';

export type SolWorkerOptions = SolContext & {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  /** Back-off after a failed step n: base × 2^(n-1), capped (the deadline is the last word). */
  backoffMs: number;
  backoffMaxMs: number;
  log?: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/**
 * Runs due reference-check steps (issue #9). Like the report worker: claims with a lease, one step per
 * claim, events after commit; `drain()` for tests. A failing step (a provider down) is retried with
 * back-off until the check's deadline expires it.
 */
export class SolWorker {
  readonly id = `sol:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #inflight = new Set<Promise<void>>();
  #running = false;
  #polling: Promise<void> | null = null;
  #timer: NodeJS.Timeout | undefined;

  private readonly o: SolWorkerOptions;

  constructor(o: SolWorkerOptions) {
    this.o = o;
  }

  get settings() {
    return this.o.settings;
  }

  /** The worker's clock (tests inject one). */
  readonly now = () => this.o.now();

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  wake(): void {
    if (this.#running) this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    // A claim under way when we were asked to stop: wait for it, then for the steps it launched.
    await this.#polling;
    await Promise.allSettled([...this.#inflight]);
  }

  /** One claim and its steps, run to their commit: how many there were. */
  async runOnce(): Promise<number> {
    const jobs = await claimChecks(this.o.db, { workerId: this.id, leaseMs: this.o.leaseMs, limit: this.o.concurrency, now: this.o.now() });
    await Promise.all(jobs.map((job) => this.#track(this.#run(job))));
    return jobs.length;
  }

  /** Runs every step due at the worker's clock now, until none is (tests with an injected clock). */
  async runDue({ maxRounds = 100 } = {}): Promise<number> {
    let steps = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.runOnce();
      if (n === 0) return steps;
      steps += n;
    }
    throw new Error(`reference checks still due after ${maxRounds} rounds`);
  }

  /** Runs steps (waiting in real time) until no check is left running. */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`reference checks still running after ${timeoutMs} ms`);
      if ((await this.runOnce()) > 0) continue;
      const next = await nextCheckDueInMs(this.o.db, this.o.now());
      if (next === null) return;
      await sleep(Math.min(Math.max(next, 2), 100));
    }
  }

  #track(p: Promise<void>) {
    this.#inflight.add(p);
    return p.finally(() => this.#inflight.delete(p));
  }

  #schedule(inMs: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), inMs);
  }

  async #poll() {
    if (!this.#running) return;
    this.#polling = this.runOnce().then(
      () => undefined,
      (error: unknown) => this.o.log?.error({ err: error }, 'sol worker: claim failed'),
    );
    await this.#polling;
    this.#polling = null;
    if (!this.#running) return;
    const next = await nextCheckDueInMs(this.o.db, this.o.now()).catch(() => null);
    this.#schedule(Math.min(this.o.pollMs, next ?? this.o.pollMs));
  }

  async #run(job: ClaimedCheck): Promise<void> {
    let result: StepOutcome | null;
    try {
      result = await runStep(this.o, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.o.log?.warn({ err: error, checkId: job.id }, 'sol worker: step failed, retrying');
      const wait = Math.min(this.o.backoffMaxMs, this.o.backoffMs * 2 ** Math.min(20, Math.max(0, job.attempt - 1)));
      await release(this.o.db, job, new Date(this.o.now().getTime() + wait), { lastError: message.slice(0, 500) }).catch(() => undefined);
      return;
    }
    this.o.log?.debug({ checkId: job.id, attempt: job.attempt, status: result?.status ?? null }, 'sol step');
    if (result) this.#publish(result);
  }

  #publish(r: StepOutcome) {
    publishOutcome(this.o.events, r);
    if (r.settled?.credits) this.o.events.publish('credits.updated', r.settled.credits.ownerId, { creditsAvailable: r.settled.credits.creditsAvailable });
  }
}

/** Publishes a webhook-applied change (no worker involved). */
export function publishOutcome(events: SolContext['events'], r: StepOutcome | null) {
  if (!r) return;
  events.publish('reference_check.updated', r.ownerId, { profileId: r.profileId, referenceCheckId: r.checkId, reportId: r.reportId, status: r.status });
  const s = r.settled;
  if (!s) return;
  events.publish('report.updated', s.ownerId, { profileId: s.profileId, reportId: s.reportId, status: s.status });
  if (s.profile?.changed) events.publish('profile.updated', s.ownerId, { profileId: s.profileId, status: s.profile.status });
}
