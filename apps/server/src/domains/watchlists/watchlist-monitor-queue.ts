import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistMonitorRuns } from '../../db/schema/index.ts';
import type { EventBus, QueueDeps } from '../../kernel/index.ts';
import type { JobLog, Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { MONITOR_CHANNEL } from './load.ts';
import { monitorStep, publishRaised, type MonitorRun } from './monitor.ts';

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** A monitoring run is queued until done, due since it was made; a failing batch is retried, never final. */
const ledger: QueueLedger = {
  table: watchlistMonitorRuns,
  unfinished: eq(watchlistMonitorRuns.status, 'queued'),
  dueAt: watchlistMonitorRuns.createdAt,
  lockedUntil: watchlistMonitorRuns.lockedUntil,
  attempts: watchlistMonitorRuns.attempts,
  failed: sql`false`,
};

/**
 * Continuous monitoring: a new version's monitoring run is the job. It screens only the
 * version's delta against the enrolled persons, a batch per transaction with its resume point, and
 * renews its lease with each batch, so a crash resumes where the last batch committed.
 */
export function watchlistMonitorQueue(o: {
  db: Db;
  events: EventBus;
  batchSize: number;
  pollMs: number;
  leaseMs?: number;
  log?: JobLog;
}): Queue<MonitorRun> {
  // Renewed with each batch: a runner that dies is taken over this long after its last commit.
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  return {
    name: 'watchlist-monitor',
    concurrency: 1,
    leaseMs,
    pollMs: o.pollMs,
    channel: MONITOR_CHANNEL,
    renewsLease: true,
    claim: async ({ runnerId, leaseMs, limit }) => {
      const due = o.db
        .select({ id: watchlistMonitorRuns.id })
        .from(watchlistMonitorRuns)
        .where(
          and(
            eq(watchlistMonitorRuns.status, 'queued'),
            or(isNull(watchlistMonitorRuns.lockedUntil), lt(watchlistMonitorRuns.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(watchlistMonitorRuns.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return o.db
        .update(watchlistMonitorRuns)
        .set({
          lockedBy: runnerId,
          lockedUntil: sql`now() + ${ms(leaseMs)}`,
          attempts: sql`${watchlistMonitorRuns.attempts} + 1`,
        })
        .where(inArray(watchlistMonitorRuns.id, due))
        .returning();
    },
    run: async (run, { runnerId, stopping }) => {
      // Persons enrolled since the last merge wait in the trigram index's pending list (GIN fastupdate,
      // up to 4 MB), which each of the run's name lookups would read whole: merged once, first.
      await o.db.execute(sql`select gin_clean_pending_list('watchlist_enrolment_trgm_idx'::regclass)`);
      for (;;) {
        const step = await monitorStep(o.db, run, { batchSize: o.batchSize, runnerId, leaseMs });
        if (!step) {
          o.log?.warn({ runId: run.id }, 'watch-list monitoring: lease lost, another runner continues');
          return;
        }
        publishRaised(o.events, step.raised);
        if (step.done) {
          o.log?.info({ runId: run.id, versionId: run.versionId }, 'watch-list monitoring run finished');
          return;
        }
        if (stopping()) {
          // Given back between batches: the next runner resumes after the last one committed.
          await o.db
            .update(watchlistMonitorRuns)
            .set({ lockedBy: null, lockedUntil: null })
            .where(and(eq(watchlistMonitorRuns.id, run.id), eq(watchlistMonitorRuns.lockedBy, runnerId)));
          return;
        }
      }
    },
    ledger,
    nextDueInMs: async () => {
      const [row] = await o.db
        .select({
          ms: sql<
            number | null
          >`extract(epoch from (min(coalesce(${watchlistMonitorRuns.lockedUntil}, now())) - now())) * 1000`,
        })
        .from(watchlistMonitorRuns)
        .where(eq(watchlistMonitorRuns.status, 'queued'));
      return row?.ms == null ? null : Math.max(0, Number(row.ms));
    },
  };
}

/** The monitoring of each new list version's delta, wired from configuration. */
export function watchlistMonitorQueueFor({ config, database, events, log }: QueueDeps): Queue<MonitorRun> {
  return watchlistMonitorQueue({
    db: database.db,
    events,
    batchSize: config.WATCHLIST_MONITOR_BATCH,
    pollMs: config.WORKER_POLL_MS,
    log,
  });
}
