import { eq, sql } from 'drizzle-orm';
import {
  NAVBAR_STATUSES,
  type NavbarStatus,
  type TNavbarMetricsRequest,
  type TNavbarMetricsResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';
import { notFound } from '../../lib/api-error.ts';
import type { TenantScope } from '../../kernel/index.ts';
import { ownerIs, rowsOf } from './sql.ts';
import { statusCounts } from './summaries.ts';

/**
 * The navbar figures (SPEC §2): persons per status (the maintained counters of summaries.ts, not a
 * count over the owner's persons), persons created today (an index range on (owner, created_at) from
 * midnight in `tz`) and the owner's credits. API-created persons still hidden by deferred sync are left
 * out, as the list does.
 */
export async function navbarMetrics(
  db: Db,
  scope: TenantScope,
  query: TNavbarMetricsRequest,
  now = new Date(),
): Promise<TNavbarMetricsResponse> {
  const timeZone = query.tz ?? 'UTC';
  let owner: {
    plan: TNavbarMetricsResponse['plan'];
    creditsAvailable: number;
    deferredApiSync: boolean;
    consentAttestationRequired: boolean;
  } | null = null;
  if (scope.ownerId !== null) {
    [owner = null] = await db
      .select({
        plan: owners.plan,
        creditsAvailable: owners.creditsAvailable,
        deferredApiSync: owners.deferredApiSync,
        consentAttestationRequired: owners.consentAttestationRequired,
      })
      .from(owners)
      .where(eq(owners.id, scope.ownerId));
    if (!owner) throw notFound();
  }
  // Only owners with deferred sync can have hidden persons: the others skip the check.
  const hiddenAfter = !owner || owner.deferredApiSync ? now : null;
  const [counts, [today]] = await Promise.all([
    statusCounts(db, scope, hiddenAfter),
    rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM profile p
          WHERE ${ownerIs(scope, 'p')} AND ${hiddenAfter ? sql`p.visible_from <= ${now.toISOString()}::timestamptz` : sql`true`}
            AND p.created_at >= date_trunc('day', ${now.toISOString()}::timestamptz, ${timeZone})`,
    ),
  ]);
  const byStatus = Object.fromEntries(NAVBAR_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    NavbarStatus,
    number
  >;
  return {
    byStatus,
    newToday: Number(today?.n ?? 0),
    timeZone,
    plan: owner?.plan ?? null,
    creditsAvailable: owner?.creditsAvailable ?? null,
    consentAttestationRequired: owner?.consentAttestationRequired ?? null,
  };
}
