import { eq, notInArray } from 'drizzle-orm';
import { referenceChecks } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { checkStepHandler, type CheckStepOptions } from './check-step.ts';
import type { SolSettings } from './engine.ts';
import { claimChecks, nextCheckDueInMs, type ClaimedCheck } from './jobs.ts';
import { createAdapters, solSettings } from './settings.ts';

export type SolQueueOptions = CheckStepOptions & { concurrency: number; pollMs: number; leaseMs: number };

/** The Sol queue with the clock and settings its webhooks routes share. */
export type SolQueue = Queue<ClaimedCheck> & { now: () => Date; settings: SolSettings };

/** A reference check runs until completed, declined or expired (its final failure), due at `next_run_at`. */
const ledger: QueueLedger = {
  table: referenceChecks,
  unfinished: notInArray(referenceChecks.status, ['completed', 'declined', 'expired']),
  dueAt: referenceChecks.nextRunAt,
  lockedUntil: referenceChecks.lockedUntil,
  attempts: referenceChecks.attempts,
  failed: eq(referenceChecks.status, 'expired'),
};

/**
 * The Sol queue: a running reference_check row is the job (jobs.ts), one step per claim
 * (check-step.ts). Every time here is the injected clock's (`now`), so tests can jump 48 hours; steps
 * are timed, so an idle runner looks again when the next one is due.
 */
export function solQueue(o: SolQueueOptions): SolQueue {
  return {
    name: 'sol',
    concurrency: o.concurrency,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
    pollWhenDue: true,
    // A check waits up to 48 hours for its references: `--until-idle` leaves it to a started runner.
    untilIdle: false,
    claim: ({ runnerId, leaseMs, limit }) => claimChecks(o.db, { workerId: runnerId, leaseMs, limit, now: o.now() }),
    run: checkStepHandler(o),
    nextDueInMs: () => nextCheckDueInMs(o.db, o.now()),
    ledger,
    now: () => o.now(),
    settings: o.settings,
  };
}

/** The reference checks' queue wired from configuration; tests inject a clock (`now`) and adapters. */
export function solQueueFor({
  config,
  database,
  events,
  log,
  ...extra
}: QueueDeps & Partial<Pick<SolQueueOptions, 'now' | 'adapters'>>): SolQueue {
  const adapters = extra.adapters ?? createAdapters(config);
  return solQueue({
    db: database.db,
    adapters,
    settings: solSettings(config, adapters),
    events,
    now: extra.now ?? (() => new Date()),
    log,
    concurrency: database.kind === 'postgres' ? 16 : 4,
    pollMs: config.SOL_POLL_MS,
    leaseMs: config.SOL_LEASE_SECONDS * 1000,
    backoffMs: adapters.sandbox ? 200 : 30_000,
    backoffMaxMs: adapters.sandbox ? 5_000 : 3600_000,
  });
}
