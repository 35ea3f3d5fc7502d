import {
  type TListAlertsResponse,
  type TWatchlistAlert,
  type TWatchlistMatch,
  type WatchlistAlertResolution,
} from '@centinela/shared';
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users, watchlistAlerts, watchlistVersions } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type Deps, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { publishRuled, ruleEntry } from './rulings.ts';

const columns = {
  alert: watchlistAlerts,
  profileName: profiles.name,
  versionSeq: watchlistVersions.seq,
  reviewer: users.username,
};

type Row = {
  alert: typeof watchlistAlerts.$inferSelect;
  profileName: string;
  versionSeq: number;
  reviewer: string | null;
};

const toAlert = (r: Row): TWatchlistAlert => ({
  id: r.alert.id,
  profileId: r.alert.profileId,
  profileName: r.profileName,
  reportId: r.alert.reportId,
  kind: r.alert.kind,
  match: r.alert.finding.record as TWatchlistMatch,
  versionSeq: r.versionSeq,
  createdAt: r.alert.createdAt.toISOString(),
  resolution: r.alert.resolution,
  reviewedAt: r.alert.reviewedAt?.toISOString() ?? null,
  reviewedBy: r.reviewer,
  reason: r.alert.reason,
});

/** The owner's alerts, newest first: open ones to review, or those reviewed, for one person or all. */
export async function listAlerts(
  db: Db,
  scope: TenantScope,
  q: { state: 'open' | 'reviewed' | 'all'; profileId?: string },
): Promise<TListAlertsResponse> {
  const owned = ownedBy(scope, watchlistAlerts.ownerId);
  const state =
    q.state === 'open'
      ? isNull(watchlistAlerts.reviewedAt)
      : q.state === 'reviewed'
        ? isNotNull(watchlistAlerts.reviewedAt)
        : undefined;
  const person = q.profileId ? eq(watchlistAlerts.profileId, q.profileId) : undefined;
  const rows = await db
    .select(columns)
    .from(watchlistAlerts)
    .innerJoin(profiles, eq(profiles.id, watchlistAlerts.profileId))
    .innerJoin(watchlistVersions, eq(watchlistVersions.id, watchlistAlerts.versionId))
    .leftJoin(users, eq(users.id, watchlistAlerts.reviewedBy))
    .where(and(owned, state, person))
    .orderBy(desc(watchlistAlerts.createdAt))
    .limit(500);
  const [open] = await db
    .select({ n: count() })
    .from(watchlistAlerts)
    .where(and(owned, isNull(watchlistAlerts.reviewedAt), person));
  return { alerts: rows.map(toAlert), open: open?.n ?? 0 };
}

/** The open alerts of an owner (the navbar's count). */
export async function openAlertCount(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(watchlistAlerts)
    .where(and(ownedBy(scope, watchlistAlerts.ownerId), isNull(watchlistAlerts.reviewedAt)));
  return row?.n ?? 0;
}

/**
 * A reviewer's word on an alert, with a reason (required for a homonym). A match alert rules its entry
 * for the person (rulings.ts: the report's finding marked, the report's and person's status derived
 * again, the entry's other alerts given the same word); a reviewed match alert can have its ruling
 * changed, with a reason; a delisted alert is acknowledged. Audited; 404 outside the scope, 409 when
 * already reviewed with that word (or delisted) or a homonym on a match by document.
 */
export async function reviewAlert(
  { db, events }: Deps,
  {
    scope,
    id,
    resolution,
    reason,
    actor,
  }: { scope: TenantScope; id: string; resolution: WatchlistAlertResolution; reason?: string; actor: Actor },
): Promise<TWatchlistAlert> {
  const outcome = await db.transaction(async (tx) => {
    const where: SQL | undefined = and(eq(watchlistAlerts.id, id), ownedBy(scope, watchlistAlerts.ownerId));
    const [alert] = await tx.select().from(watchlistAlerts).where(where).for('update');
    if (!alert) throw new ApiError(404, 'not_found');
    // A match's ruling can change (with its reason, see ruleEntry); the same word again, or a delisting
    // reviewed, has nothing left to change.
    if (alert.reviewedAt && (alert.kind !== 'match' || alert.resolution === resolution))
      throw new ApiError(409, 'watchlist_alert_reviewed');
    if (alert.kind === 'match') {
      if (resolution === 'homonym' && alert.finding.matchedBy === 'id')
        throw new ApiError(409, 'watchlist_ruling_document');
      const ruled = await ruleEntry(tx, {
        ownerId: alert.ownerId,
        profileId: alert.profileId,
        source: alert.sourceId,
        entryId: alert.entryId,
        verdict: resolution,
        reason: reason ?? null,
        actor,
        requireFinding: false,
      });
      return { alert, ruled };
    }
    if (resolution === 'homonym' && !reason?.trim()) throw new ApiError(422, 'watchlist_ruling_reason');
    await tx
      .update(watchlistAlerts)
      .set({ resolution, reason: reason?.trim() || null, reviewedBy: actor.userId, reviewedAt: new Date() })
      .where(eq(watchlistAlerts.id, id));
    await audit(tx, actor, {
      ownerId: alert.ownerId,
      action: 'watchlist.alert_review',
      entityType: 'profile',
      entityId: alert.profileId,
      changes: { alertId: id, source: alert.sourceId, entryId: alert.entryId, resolution, reason: reason ?? null },
    });
    return { alert, ruled: null };
  });
  const { alert, ruled } = outcome;
  if (ruled) publishRuled(events, alert.ownerId, alert.profileId, ruled);
  else
    events.publish('watchlist.alert', alert.ownerId, {
      alertId: alert.id,
      profileId: alert.profileId,
      kind: alert.kind,
    });
  const [row] = await db
    .select(columns)
    .from(watchlistAlerts)
    .innerJoin(profiles, eq(profiles.id, watchlistAlerts.profileId))
    .innerJoin(watchlistVersions, eq(watchlistVersions.id, watchlistAlerts.versionId))
    .leftJoin(users, eq(users.id, watchlistAlerts.reviewedBy))
    .where(eq(watchlistAlerts.id, id));
  return toAlert(row!);
}
