import type { JobLog } from './queue.ts';

/** Periodic work that rides along with the job runners (credit refills, summary compaction…). */
export type Schedule = {
  /** Names it in logs ('credits.refill'). */
  name: string;
  everyMs: number;
  /** One run; idempotent, since every worker process runs it and a restart may come at any moment. */
  run(log: JobLog | undefined): Promise<unknown>;
};

/**
 * Runs each schedule at start and then every `everyMs`, never two runs of one schedule at once (a run
 * still going when the next is due is not doubled), logging a failure instead of stopping. `stop()`
 * ends the ticks and waits for the runs in flight, so the database is never closed under one.
 */
export class Scheduler {
  readonly schedules: readonly Schedule[];
  readonly #log: JobLog | undefined;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Map<string, Promise<void>>();
  #started = false;

  constructor(schedules: readonly Schedule[], log?: JobLog) {
    const names = schedules.map((s) => s.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new Error(`schedule ${twice} is listed twice`);
    this.schedules = schedules;
    this.#log = log;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    for (const schedule of this.schedules) {
      this.#tick(schedule);
      const timer = setInterval(() => this.#tick(schedule), schedule.everyMs);
      timer.unref();
      this.#timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    this.#started = false;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.all(this.#running.values());
  }

  #tick(schedule: Schedule) {
    if (!this.#started || this.#running.has(schedule.name)) return;
    const run = (async () => schedule.run(this.#log))()
      .then(
        () => undefined,
        (error: unknown) =>
          this.#log?.error({ err: error, schedule: schedule.name }, `${schedule.name}: scheduled run failed`),
      )
      .finally(() => this.#running.delete(schedule.name));
    this.#running.set(schedule.name, run);
  }
}
