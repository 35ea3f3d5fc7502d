import type { WatchlistSourceId } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistSources, watchlistVersions } from '../../db/schema/index.ts';

const DAY = 86_400_000;

export type ListState = {
  source: WatchlistSourceId;
  versionId: string;
  seq: number;
  entries: number;
  publishedAt: Date | null;
  checkedAt: Date | null;
  /** Since when the data is known current: the publisher's last answer, or the file's own date. */
  dataAsOf: Date | null;
  ageDays: number | null;
  stale: boolean;
};

/**
 * The data's age: from the last time the publisher confirmed the list (a download, or a 304), or the
 * date the file itself carries; a file uploaded without one counts from its upload.
 */
export function dataAsOf(
  v: { origin: string; publishedAt: Date | null; loadedAt: Date },
  checkedAt: Date | null,
): Date | null {
  const own = v.publishedAt ?? (v.origin === 'upload' ? v.loadedAt : null);
  if (!own) return checkedAt;
  return checkedAt && checkedAt > own ? checkedAt : own;
}

/** Every loaded list's current version and whether its data is older than allowed. */
export async function currentLists(db: Db, maxAgeDays: number, now = new Date()): Promise<ListState[]> {
  const rows = await db
    .select({ source: watchlistSources.id, checkedAt: watchlistSources.checkedAt, version: watchlistVersions })
    .from(watchlistSources)
    .innerJoin(watchlistVersions, eq(watchlistVersions.id, watchlistSources.currentVersionId));
  return rows
    .map(({ source, checkedAt, version }) => {
      const asOf = dataAsOf(version, checkedAt);
      const ageDays = asOf ? Math.max(0, (now.getTime() - asOf.getTime()) / DAY) : null;
      return {
        source: source as WatchlistSourceId,
        versionId: version.id,
        seq: version.seq,
        entries: version.entries,
        publishedAt: version.publishedAt,
        checkedAt,
        dataAsOf: asOf,
        ageDays,
        stale: ageDays === null || ageDays > maxAgeDays,
      };
    })
    .sort((a, b) => a.source.localeCompare(b.source));
}
