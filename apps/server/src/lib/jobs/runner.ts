/**
 * One runner for every job queue: claim with a lease, run, poll, wake on NOTIFY, stop
 * gracefully, drain for tests. The queue says what to claim and how to run one item (queue.ts).
 *
 * Adding a queue (watch-list sync, monitoring…): one file and one line.
 *   1. `domains/<d>/<name>-queue.ts`, named after the queue's `name` (`watchlist-sync` →
 *      `watchlist-sync-queue.ts`), exporting `<name>Queue(options)`, which returns a `Queue<Item>` — name,
 *      lease, concurrency, poll, channel; `claim` is one UPDATE over rows picked FOR UPDATE SKIP LOCKED that
 *      sets locked_by, locked_until and bumps `attempts` (domains/webhooks/jobs.ts is the model),
 *      `nextDueInMs` the soonest due time or lease end; its handler (`run(item, { signal, stopping })`),
 *      which does the work and settles under the lease (a write guarded by locked_by and the attempt),
 *      returning the lease on `signal` when stopping; and its `ledger`: its table's rows and columns as its
 *      claim reads them (unfinished, due at, lease end, attempts, failed), which /metrics reads
 *      (domains/observability/queue-stats.ts). Beside it, `<name>QueueFor(deps: QueueDeps)` builds those
 *      options from the configuration (kernel/deps.ts).
 *   2. one line in plugins/jobs/queues.ts, `'<name>': <name>QueueFor`: every process that runs jobs builds
 *      its runner, starts and stops it with the others, shows it in /metrics and, unless the queue says
 *      `untilIdle: false`, runs it to its end in `npm run worker -- --until-idle` (in the listed order).
 *      test/jobs/registry.test.ts fails for a queue file that is not listed or not named so.
 * Periodic work is a `Schedule` (scheduler.ts) in its domain, listed in plugins/jobs/build-jobs.ts.
 * A test reaches a runner as `app.jobs.runner[name]` (`drain()`, `runOnce()`); test/jobs/ shows a queue
 * written for a test.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobLog, Queue } from './queue.ts';

/** Subscribes to a NOTIFY channel (Database['listen']); resolves with the function that stops listening. */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

type InFlight = { done: Promise<{ error: unknown } | undefined>; abort: AbortController };

/** The item's signal fires this long before its lease ends: a second, or a quarter of a short lease. */
const leaseMarginMs = (leaseMs: number) => Math.min(1000, leaseMs / 4);

/**
 * Runs a queue's due items: claims up to `concurrency` at a time, runs each with the queue's handler,
 * and looks again when one ends, on `wake()`, on a NOTIFY of the queue's channel, or every `pollMs`.
 * `stop()` lets in-flight items finish for a grace period, then aborts their signals (handlers give
 * their leases back) and waits for them.
 */
export class JobRunner<Item extends { id: string }> {
  readonly queue: Queue<Item>;
  /** The lease holder written on claimed rows: host, process and queue. */
  readonly id: string;
  readonly #log: JobLog | undefined;
  readonly #listen: Listen | undefined;
  readonly #inflight = new Set<InFlight>();
  #running = false;
  #stopping = false;
  #polling: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #timerDue = Infinity;
  #listening: Promise<void> | null = null;
  #unlisten: (() => Promise<void>) | null = null;

  constructor(queue: Queue<Item>, opts: { log?: JobLog; listen?: Listen } = {}) {
    this.queue = queue;
    this.id = `${hostname()}:${process.pid}:${queue.name}:${randomUUID().slice(0, 8)}`;
    this.#log = opts.log;
    this.#listen = opts.listen;
  }

  get running() {
    return this.#running;
  }

  /** Items this runner is running right now (the metrics' jobs in flight). */
  get inFlight() {
    return this.#inflight.size;
  }

  /** Starts polling and, with a channel, listening: new work committed by any process wakes it at once. */
  start(): Promise<void> {
    if (!this.#running) {
      this.#running = true;
      this.#stopping = false;
      this.#schedule(0);
      this.#listening ??= this.#subscribe();
    }
    return this.#listening ?? Promise.resolve();
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
    await this.#listening?.catch(() => undefined);
    this.#listening = null;
    await this.#unlisten?.();
    this.#unlisten = null;
    // A claim under way when we were asked to stop: its items are ours too, launched then given back.
    await this.#polling;
    const all = () => Promise.allSettled([...this.#inflight].map((j) => j.done));
    const finished = await Promise.race([all().then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!finished) for (const job of this.#inflight) job.abort.abort(new Error('runner stopping'));
    await all();
  }

  /** One claim and the items it got, run to their end: how many there were. Rejects with a handler's failure (tests). */
  async runOnce(): Promise<number> {
    const items = await this.#claim(this.queue.concurrency);
    const outcomes = await Promise.all(items.map((item) => this.#launch(item)));
    const failed = outcomes.find((o) => o !== undefined);
    if (failed) throw failed.error;
    return items.length;
  }

  /**
   * Runs every item until none is left (waiting out back-offs and other runners' leases), without
   * polling: for tests, the bench and `npm run worker -- --until-idle`. Rejects after `timeoutMs`.
   */
  async drain({ timeoutMs = 60_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${this.queue.name}: still pending after ${timeoutMs} ms`);
      if ((await this.runOnce()) > 0) continue;
      const next = await this.queue.nextDueInMs();
      if (next === null) return;
      await sleep(Math.min(Math.max(next, 2), 250));
    }
  }

  /** Runs what is due right now until a claim finds nothing (tests whose queue reads an injected clock): how many ran. */
  async runDue({ maxRounds = 100 } = {}): Promise<number> {
    let ran = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.runOnce();
      if (n === 0) return ran;
      ran += n;
    }
    throw new Error(`${this.queue.name}: still due after ${maxRounds} rounds`);
  }

  async #subscribe() {
    const { channel } = this.queue;
    if (!channel || !this.#listen) return;
    this.#unlisten = await this.#listen(channel, () => this.wake());
  }

  #claim(limit: number): Promise<Item[]> {
    return this.queue.claim({ runnerId: this.id, leaseMs: this.queue.leaseMs, limit });
  }

  /** A timer for the earliest look asked for: a later request never delays an earlier one. */
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
    this.#polling = this.#look();
    await this.#polling;
    this.#polling = null;
  }

  /** Claims what fits beside the items in flight, launches it, and sets the next look. */
  async #look() {
    let full = false;
    try {
      const free = this.queue.concurrency - this.#inflight.size;
      if (free > 0) {
        const items = await this.#claim(free);
        for (const item of items) void this.#launch(item);
        full = items.length === free;
      }
    } catch (error) {
      this.#log?.error({ err: error, queue: this.queue.name }, `${this.queue.name}: claim failed`);
    }
    const later = full || !this.#running ? 0 : await this.#idleMs();
    // More may be due right away (a full claim, or a wake() meanwhile); otherwise look again later.
    const again = this.#again;
    this.#again = false;
    if (this.#running) this.#schedule(again ? 0 : later);
  }

  async #idleMs(): Promise<number> {
    const { pollMs } = this.queue;
    if (!this.queue.pollWhenDue) return pollMs;
    const next = await this.queue.nextDueInMs().catch(() => null);
    return Math.min(pollMs, next ?? pollMs);
  }

  /** Runs one item; resolves (never rejects) with its failure, if any, once it has ended. */
  #launch(item: Item): Promise<{ error: unknown } | undefined> {
    const abort = new AbortController();
    const { leaseMs, renewsLease, name } = this.queue;
    // A lease that runs out hands the item to another runner: the handler should stop waiting before that.
    const lease = renewsLease
      ? undefined
      : setTimeout(() => abort.abort(new Error('lease expired')), Math.max(1, leaseMs - leaseMarginMs(leaseMs)));
    const job: InFlight = { abort, done: Promise.resolve(undefined) };
    job.done = (async () =>
      this.queue.run(item, { signal: abort.signal, stopping: () => this.#stopping, runnerId: this.id }))()
      .then(
        () => undefined,
        (error: unknown) => {
          this.#log?.error({ err: error, queue: name, item: item.id }, `${name}: job failed`);
          return { error };
        },
      )
      .finally(() => {
        clearTimeout(lease);
        this.#inflight.delete(job);
        if (this.#running) this.#schedule(0);
      });
    this.#inflight.add(job);
    return job.done;
  }
}
