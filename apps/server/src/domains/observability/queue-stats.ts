import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

import type { QueueLedger } from '../../lib/jobs/index.ts';

/** One job queue's state, read from its table: what a runner would claim, hold, retry, and gave up on. */
export type QueueStats = {
  /** The queue's name, as its runner logs it (its `Queue.name`). */
  kind: string;
  /** Items a runner may claim now: due, and unleased (or their lease ran out). */
  due: number;
  /** Items held under a live lease: being run by some process. */
  running: number;
  /** Seconds since the oldest due item became due (0 when none is due): a growing value means runners lag. */
  oldestDueSeconds: number;
  /** Claims so far of the unfinished items (each retry adds one): climbing while nothing finishes means failures. */
  attempts: number;
  /** Items that ended failed and stay so (reports ERROR, deliveries failed, imports failed, Sol checks expired, lists whose last sync failed). */
  failed: number;
};

/** What the stats need of a queue: its name and its ledger (lib/jobs/queue.ts), as every `Queue` has them. */
export type LedgerOf = { name: string; ledger: QueueLedger };

/**
 * Every queue's state in one statement, built from the queues' own ledgers (each beside its claim, in
 * domains/<d>/…-queue.ts): unfinished rows, due at their time column, free when unleased or their lease ran out.
 */
function statsQuery(queues: readonly LedgerOf[]): SQL {
  const branches = queues.map(
    ({ name, ledger: l }) =>
      sql`select ${name}::text, ${l.unfinished}, ${l.dueAt}, ${l.lockedUntil}, ${l.attempts}, ${l.failed} from ${l.table}${l.where ? sql` where ${l.where}` : sql``}`,
  );
  return sql`
  with q(kind, unfinished, due_at, locked_until, attempts, failed) as (
    ${sql.join(branches, sql` union all `)}
  )
  select kind,
    count(*) filter (where unfinished and due_at <= now() and (locked_until is null or locked_until < now()))::int as due,
    count(*) filter (where unfinished and locked_until >= now())::int as running,
    coalesce(extract(epoch from now() - min(due_at) filter (
      where unfinished and due_at <= now() and (locked_until is null or locked_until < now())
    )), 0)::float8 as oldest_due_seconds,
    coalesce(sum(attempts) filter (where unfinished), 0)::int as attempts,
    count(*) filter (where failed)::int as failed
  from q group by kind`;
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** The state of each of `queues` (the runners' own: `jobs.runners.map((r) => r.queue)`), in their order. */
export async function queueStats(db: Db, queues: readonly LedgerOf[]): Promise<QueueStats[]> {
  if (queues.length === 0) return [];
  const rows = rowsOf(
    (await db.execute(statsQuery(queues))) as unknown as Rows<{
      kind: string;
      due: number;
      running: number;
      oldest_due_seconds: number;
      attempts: number;
      failed: number;
    }>,
  );
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  // A queue with no rows at all still answers (zeros), so its series exist from the first scrape.
  return queues.map(({ name: kind }) => {
    const r = byKind.get(kind);
    return {
      kind,
      due: Number(r?.due ?? 0),
      running: Number(r?.running ?? 0),
      oldestDueSeconds: Number(r?.oldest_due_seconds ?? 0),
      attempts: Number(r?.attempts ?? 0),
      failed: Number(r?.failed ?? 0),
    };
  });
}

/**
 * Seconds since each watch list's publisher last answered (a whole list or "not modified"), or since its
 * current version was loaded when it never has (a bundled snapshot, an upload); lists never loaded are left out.
 */
export async function listSyncAges(db: Db): Promise<{ source: string; ageSeconds: number }[]> {
  const rows = rowsOf(
    (await db.execute(sql`
      select s.id as source,
        extract(epoch from now() - coalesce(s.checked_at, v.loaded_at))::float8 as age_seconds
      from watchlist_source s left join watchlist_version v on v.id = s.current_version_id
      where coalesce(s.checked_at, v.loaded_at) is not null
      order by s.id`)) as unknown as Rows<{ source: string; age_seconds: number }>,
  );
  return rows.map((r) => ({ source: r.source, ageSeconds: Number(r.age_seconds) }));
}
