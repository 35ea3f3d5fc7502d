import { sql } from 'drizzle-orm';
import type { ProfileStatus } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../kernel/index.ts';
import type { Schedule } from '../../lib/jobs/index.ts';
import { compactAnalyticsBacklog } from './rollups.ts';
import { ownerIs, rowsOf } from './sql.ts';

/**
 * Persons per status for an owner (or every owner): the maintained counters plus the deltas not yet
 * folded in, read in one statement, hence one snapshot — exact whether or not a compaction just ran.
 * `hiddenAfter`: leave out persons that deferred API sync still hides (visible_from after that instant).
 */
export async function statusCounts(
  db: Db,
  scope: TenantScope,
  hiddenAfter: Date | null,
): Promise<Map<ProfileStatus, number>> {
  const hidden = hiddenAfter
    ? sql`UNION ALL SELECT p.status, -count(*) FROM profile p WHERE p.visible_from > ${hiddenAfter.toISOString()}::timestamptz AND ${ownerIs(scope, 'p')} GROUP BY 1`
    : sql``;
  const rows = await rowsOf<{ status: ProfileStatus; n: string | number }>(
    db,
    sql`SELECT status, sum(n) AS n FROM (
          SELECT c.status, c.n FROM owner_status_count c WHERE ${ownerIs(scope, 'c')}
          UNION ALL SELECT d.status, d.n FROM profile_status_delta d WHERE ${ownerIs(scope, 'd')}
          ${hidden}
        ) t GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Folds the pending deltas into the counters: each delta row is deleted and added exactly once, even
 * with several processes compacting at the same time (a row another compaction deleted is skipped).
 * Deltas of owners deleted meanwhile are dropped with them. Returns how many delta rows were folded.
 */
export async function compactStatusCounts(db: Db): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(
    db,
    sql`WITH moved AS (DELETE FROM profile_status_delta RETURNING owner_id, status, n),
        folded AS (
          INSERT INTO owner_status_count (owner_id, status, n)
          SELECT m.owner_id, m.status, sum(m.n) FROM moved m JOIN owner o ON o.id = m.owner_id GROUP BY 1, 2
          ON CONFLICT (owner_id, status) DO UPDATE SET n = owner_status_count.n + excluded.n
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM moved)::int AS folded, (SELECT count(*) FROM folded)::int AS keys`,
  );
  return row?.folded ?? 0;
}

/**
 * Compacts every `everyMs` the navbar counters (the delta stays a few rows however busy the report
 * engine is), and every `analyticsEveryMs` the analytics rollups. A dirty day is recomputed whole from
 * the source tables, so while a day is busy (a CSV import of 100,000 persons) recomputing it every few
 * seconds would compete with the writes; reads are exact either way (a dirty day is read from the source).
 */
export function summaryCompaction(db: Db, everyMs = 5_000, analyticsEveryMs = 60_000): Schedule {
  let analyticsAt = -Infinity;
  const analyticsDue = () => {
    if (performance.now() - analyticsAt < analyticsEveryMs) return false;
    analyticsAt = performance.now();
    return true;
  };
  return {
    name: 'metrics.summary-compaction',
    everyMs,
    run: async () => {
      await compactStatusCounts(db);
      if (analyticsDue()) await compactAnalyticsBacklog(db);
    },
  };
}
