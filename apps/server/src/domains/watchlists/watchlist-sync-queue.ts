import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistSources } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import { backoffMs, type JobLog, type Queue, type QueueLedger } from '../../lib/jobs/index.ts';
import { syncList } from './sync.ts';
import { listSources, type ListSource } from './sources.ts';

type ClaimedSource = { id: string; attempts: number };

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;
/** The first retry of a failed sync; doubling from there up to the source's own interval. */
const RETRY_BASE_MS = 5 * 60_000;

/** A source is never finished: due at `next_sync_at`, failed while its last error is newer than its last answer. */
const ledger: QueueLedger = {
  table: watchlistSources,
  unfinished: sql`true`,
  dueAt: watchlistSources.nextSyncAt,
  lockedUntil: watchlistSources.lockedUntil,
  attempts: watchlistSources.attempts,
  failed: and(
    isNotNull(watchlistSources.lastErrorAt),
    or(isNull(watchlistSources.checkedAt), gt(watchlistSources.lastErrorAt, watchlistSources.checkedAt)),
  )!,
};

/**
 * The watch-list sync: a source's row is its job, due at `next_sync_at`. One download and
 * load per claim; success schedules the next look after the source's interval, a failure retries with
 * back-off (never later than the interval) and leaves the current version in place.
 */
export function watchlistSyncQueue(o: {
  db: Db;
  sources: readonly ListSource[];
  pollMs: number;
  log?: JobLog;
}): Queue<ClaimedSource> {
  const byId = new Map(o.sources.map((s) => [s.id as string, s]));
  return {
    name: 'watchlist-sync',
    concurrency: 1,
    // A download of a few MB and a load of ~15,000 entries: minutes at worst.
    leaseMs: 10 * 60_000,
    pollMs: Math.max(o.pollMs, 60_000),
    // Downloads on the sources' own schedule: `--until-idle` leaves them to a started runner.
    untilIdle: false,
    claim: async ({ runnerId, leaseMs, limit }) => {
      const due = o.db
        .select({ id: watchlistSources.id })
        .from(watchlistSources)
        .where(
          and(
            inArray(watchlistSources.id, [...byId.keys()]),
            lte(watchlistSources.nextSyncAt, sql`now()`),
            or(isNull(watchlistSources.lockedUntil), lt(watchlistSources.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(watchlistSources.nextSyncAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return o.db
        .update(watchlistSources)
        .set({
          lockedBy: runnerId,
          lockedUntil: sql`now() + ${ms(leaseMs)}`,
          attempts: sql`${watchlistSources.attempts} + 1`,
        })
        .where(inArray(watchlistSources.id, due))
        .returning({ id: watchlistSources.id, attempts: watchlistSources.attempts });
    },
    run: async (item, { signal, runnerId }) => {
      const source = byId.get(item.id)!;
      let next = source.syncEveryMs;
      let ok = true;
      try {
        const outcome = await syncList(o.db, source, signal);
        o.log?.info(
          { source: source.id, outcome: outcome.kind, seq: 'version' in outcome ? outcome.version.seq : null },
          'watch list synced',
        );
      } catch (error) {
        ok = false;
        next = backoffMs(item.attempts, RETRY_BASE_MS, source.syncEveryMs);
        o.log?.warn({ err: error, source: source.id }, 'watch list sync failed; the current version stays');
      }
      await o.db
        .update(watchlistSources)
        .set({ nextSyncAt: sql`now() + ${ms(next)}`, lockedBy: null, lockedUntil: null, ...(ok && { attempts: 0 }) })
        .where(and(eq(watchlistSources.id, item.id), eq(watchlistSources.lockedBy, runnerId)));
    },
    ledger,
    nextDueInMs: async () => {
      const [row] = await o.db
        .select({
          ms: sql<
            number | null
          >`extract(epoch from (min(greatest(${watchlistSources.nextSyncAt}, coalesce(${watchlistSources.lockedUntil}, ${watchlistSources.nextSyncAt}))) - now())) * 1000`,
        })
        .from(watchlistSources)
        .where(inArray(watchlistSources.id, [...byId.keys()]));
      return row?.ms == null ? null : Math.max(0, Number(row.ms));
    },
  };
}

/** The lists' scheduled downloads wired from configuration: none with WATCHLIST_SYNC=false. */
export function watchlistSyncQueueFor({ config, database, log }: QueueDeps): Queue<ClaimedSource> {
  return watchlistSyncQueue({
    db: database.db,
    sources: config.WATCHLIST_SYNC ? listSources(config) : [],
    pollMs: config.WORKER_POLL_MS,
    log,
  });
}
