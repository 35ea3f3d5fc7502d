import { eq, sql } from 'drizzle-orm';
import { NAVBAR_STATUSES, type NavbarStatus, type TNavbarMetricsRequest, type TNavbarMetricsResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-error.ts';
import type { TenantScope } from '../tenancy.ts';
import { ownerIs, rowsOf } from './sql.ts';

const statusList = sql.join(NAVBAR_STATUSES.map((s) => sql`${s}::profile_status`), sql`, `);

/**
 * The navbar figures (SPEC §2): persons per status, persons created today (midnight in `tz`) and the
 * owner's credits. Two index scans on profile (owner, status…) and (owner, created_at…): no row is
 * loaded into the server. API-created persons still hidden by deferred sync are left out, as the list does.
 */
export async function navbarMetrics(db: Db, scope: TenantScope, query: TNavbarMetricsRequest, now = new Date()): Promise<TNavbarMetricsResponse> {
  const timeZone = query.tz ?? 'UTC';
  let owner: { plan: TNavbarMetricsResponse['plan']; creditsAvailable: number; deferredApiSync: boolean } | null = null;
  if (scope.ownerId !== null) {
    [owner = null] = await db
      .select({ plan: owners.plan, creditsAvailable: owners.creditsAvailable, deferredApiSync: owners.deferredApiSync })
      .from(owners)
      .where(eq(owners.id, scope.ownerId));
    if (!owner) throw notFound();
  }
  // Only owners with deferred sync can have hidden persons: the others skip the check (it needs the heap).
  const visible = !owner || owner.deferredApiSync ? sql`p.visible_from <= ${now.toISOString()}::timestamptz` : sql`true`;
  const [statusRows, [today]] = await Promise.all([
    rowsOf<{ status: NavbarStatus; n: number }>(
      db,
      sql`SELECT p.status, count(*)::int AS n FROM profile p
          WHERE ${ownerIs(scope, 'p')} AND p.status IN (${statusList}) AND ${visible}
          GROUP BY p.status`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM profile p
          WHERE ${ownerIs(scope, 'p')} AND ${visible}
            AND p.created_at >= date_trunc('day', ${now.toISOString()}::timestamptz, ${timeZone})`,
    ),
  ]);
  const byStatus = Object.fromEntries(NAVBAR_STATUSES.map((s) => [s, 0])) as Record<NavbarStatus, number>;
  for (const row of statusRows) byStatus[row.status] = Number(row.n);
  return {
    byStatus,
    newToday: Number(today?.n ?? 0),
    timeZone,
    plan: owner?.plan ?? null,
    creditsAvailable: owner?.creditsAvailable ?? null,
  };
}
