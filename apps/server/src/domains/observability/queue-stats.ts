import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One job queue's state, read from its table: what a runner would claim, hold, retry, and gave up on. */
export type QueueStats = {
  /** The queue's name, as its runner logs it (reports, sol, webhooks, csv, watchlist-sync, watchlist-monitor, privacy-exports). */
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

/**
 * Every queue's state in one statement. Each branch mirrors its queue's claim (domains/<d>/queue.ts):
 * unfinished rows, due at their time column, free when unleased or their lease ran out.
 */
const STATS = sql`
  with q(kind, unfinished, due_at, locked_until, attempts, failed) as (
    select 'reports', status = 'PENDING', run_after, locked_until, attempts, status = 'ERROR' from report
    union all
    select 'sol', status not in ('completed', 'declined', 'expired'), next_run_at, locked_until, attempts, status = 'expired'
      from reference_check
    union all
    select 'webhooks', status = 'pending', next_attempt_at, locked_until, attempts, status = 'failed' from webhook_delivery
    union all
    select 'csv', status in ('queued', 'processing'), updated_at, locked_until, 0, status = 'failed' from csv_job
    union all
    select 'watchlist-sync', true, next_sync_at, locked_until, attempts,
      last_error_at is not null and (checked_at is null or last_error_at > checked_at)
      from watchlist_source
    union all
    select 'watchlist-monitor', status = 'queued', created_at, locked_until, attempts, false from watchlist_monitor_run
    union all
    select 'privacy-exports', status = 'preparing', created_at, locked_until, attempts, status = 'failed'
      from privacy_request where kind = 'export'
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

export const QUEUE_KINDS = [
  'reports',
  'sol',
  'webhooks',
  'csv',
  'watchlist-sync',
  'watchlist-monitor',
  'privacy-exports',
] as const;

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

export async function queueStats(db: Db): Promise<QueueStats[]> {
  const rows = rowsOf(
    (await db.execute(STATS)) as unknown as Rows<{
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
  return QUEUE_KINDS.map((kind) => {
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
