import type {
  TProviderHealth,
  TSourcesHealthResponse,
  TWatchlistSourceHealth,
  TWatchlistVersion,
  WatchlistLoadError,
  WatchlistSourceId,
} from '@centinela/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistSources, watchlistSyncLog, watchlistVersions } from '../../db/schema/index.ts';
import type { TenantScope } from '../../kernel/index.ts';
import { dataAsOf } from './lists.ts';
import type { ListSource } from './sources.ts';

const DAY = 86_400_000;
type VersionRow = typeof watchlistVersions.$inferSelect;

export const toVersion = (v: VersionRow, currentId: string | null): TWatchlistVersion => ({
  id: v.id,
  source: v.sourceId as WatchlistSourceId,
  seq: v.seq,
  origin: v.origin,
  fileName: v.fileName,
  fileSha256: v.fileSha256,
  bytes: v.bytes,
  publishedAt: v.publishedAt?.toISOString() ?? null,
  loadedAt: v.loadedAt.toISOString(),
  entries: v.entries,
  individuals: v.individuals,
  entities: v.entities,
  added: v.added,
  removed: v.removed,
  changed: v.changed,
  current: v.id === currentId,
});

/** Every list: what is loaded, how old, and how its syncs fared over the last day. */
async function listsHealth(
  db: Db,
  sources: readonly ListSource[],
  maxAgeDays: number,
  now: Date,
): Promise<TWatchlistSourceHealth[]> {
  const since = new Date(now.getTime() - DAY);
  const [states, versions, logs] = await Promise.all([
    db.select().from(watchlistSources),
    db
      .select()
      .from(watchlistVersions)
      .innerJoin(watchlistSources, eq(watchlistSources.currentVersionId, watchlistVersions.id)),
    db
      .select({
        source: watchlistSyncLog.sourceId,
        total: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${watchlistSyncLog.outcome} = 'failed'))::int`,
      })
      .from(watchlistSyncLog)
      .where(gt(watchlistSyncLog.at, since))
      .groupBy(watchlistSyncLog.sourceId),
  ]);
  return sources.map((source) => {
    const state = states.find((s) => s.id === source.id);
    const current = versions.find((v) => v.watchlist_source.id === source.id)?.watchlist_version ?? null;
    const asOf = current ? dataAsOf(current, state?.checkedAt ?? null) : null;
    const ageDays = asOf ? Math.max(0, (now.getTime() - asOf.getTime()) / DAY) : null;
    const log = logs.find((l) => l.source === source.id);
    return {
      id: source.id,
      publisher: source.publisher,
      url: source.url,
      current: current && toVersion(current, current.id),
      dataAsOf: asOf?.toISOString() ?? null,
      ageDays: ageDays === null ? null : Math.round(ageDays * 10) / 10,
      maxAgeDays,
      stale: ageDays === null || ageDays > maxAgeDays,
      checkedAt: state?.checkedAt?.toISOString() ?? null,
      nextSyncAt: (state?.nextSyncAt ?? now).toISOString(),
      lastError:
        state?.lastErrorAt && state.lastErrorCode
          ? {
              at: state.lastErrorAt.toISOString(),
              code: state.lastErrorCode as WatchlistLoadError,
              message: state.lastError ?? '',
            }
          : null,
      syncs24h: { total: log?.total ?? 0, failed: log?.failed ?? 0 },
    };
  });
}

type ProviderRow = {
  type: string;
  answered: number;
  failed: number;
  median_ms: number | null;
  last_at: string | null;
  pending: number;
  last_hour: number;
};

/**
 * The other sources, one row per report type: answers and errors over the last day, their median
 * time from start to answer, and how long the pending reports will take at the last hour's pace.
 * An owner's callers count that owner's reports only; platform staff (no owner) count everyone's.
 */
async function providersHealth(db: Db, ownerId: string | null, now: Date): Promise<TProviderHealth[]> {
  const since = new Date(now.getTime() - DAY).toISOString();
  const hourAgo = new Date(now.getTime() - DAY / 24).toISOString();
  const result = await db.execute(sql`
    select type,
      (count(*) filter (where completed_at > ${since}::timestamptz))::int as answered,
      (count(*) filter (where completed_at > ${since}::timestamptz and status = 'ERROR'))::int as failed,
      percentile_cont(0.5) within group (order by extract(epoch from (completed_at - started_at)) * 1000)
        filter (where completed_at > ${since}::timestamptz and started_at is not null) as median_ms,
      max(completed_at) as last_at,
      (count(*) filter (where status = 'PENDING'))::int as pending,
      (count(*) filter (where completed_at > ${hourAgo}::timestamptz))::int as last_hour
    from report
    where (completed_at > ${since}::timestamptz or status = 'PENDING')
      ${ownerId === null ? sql`` : sql`and owner_id = ${ownerId}::uuid`}
    group by type
    order by type`);
  return (result as unknown as { rows: ProviderRow[] }).rows.map((r) => ({
    reportType: r.type,
    answered24h: r.answered,
    errorRate24h: r.answered > 0 ? r.failed / r.answered : null,
    medianLatencyMs: r.median_ms === null ? null : Math.round(Number(r.median_ms)),
    lastAnswerAt: r.last_at ? new Date(r.last_at).toISOString() : null,
    pending: r.pending,
    etaSeconds: r.pending === 0 ? 0 : r.last_hour > 0 ? Math.round((r.pending / r.last_hour) * 3600) : null,
  }));
}

/** The lists' health (the same for everyone) and the report sources' figures, confined to `scope`'s owner. */
export async function sourcesHealth(
  db: Db,
  scope: TenantScope,
  sources: readonly ListSource[],
  maxAgeDays: number,
  now = new Date(),
): Promise<TSourcesHealthResponse> {
  const [lists, providers] = await Promise.all([
    listsHealth(db, sources, maxAgeDays, now),
    providersHealth(db, scope.ownerId, now),
  ]);
  return { lists, providers, checkedAt: now.toISOString() };
}

/** The versions of one list or all, newest first. */
export async function listVersions(db: Db, source?: WatchlistSourceId): Promise<TWatchlistVersion[]> {
  const rows = await db
    .select({ version: watchlistVersions, current: watchlistSources.currentVersionId })
    .from(watchlistVersions)
    .innerJoin(watchlistSources, eq(watchlistSources.id, watchlistVersions.sourceId))
    .where(source ? and(eq(watchlistVersions.sourceId, source)) : undefined)
    .orderBy(desc(watchlistVersions.loadedAt), desc(watchlistVersions.seq))
    .limit(200);
  return rows.map((r) => toVersion(r.version, r.current));
}
