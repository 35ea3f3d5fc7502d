import {
  reportStatusFromFindings,
  type TListAlertsResponse,
  type TWatchlistAlert,
  type TWatchlistMatch,
  type WatchlistAlertResolution,
} from '@centinela/shared';
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  reports,
  users,
  watchlistAlerts,
  watchlistDismissals,
  watchlistVersions,
} from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type Deps, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { lockProfile, refreshProfileStatus } from '../reports/profile-status.ts';

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

const sameEntry = (source: string, entryId: string) => (f: { kind: string; record: Record<string, unknown> }) =>
  f.kind === 'watchlist_entry' && f.record.source === source && f.record.entryId === entryId;

/**
 * A reviewer's word on an alert. 'homonym' rules the entry out for this person for good (a dismissal that
 * later versions respect) and takes its finding off the report, whose status and the person's are
 * derived again; 'confirmed' and 'acknowledged' close the alert, the finding staying for the person's
 * review. Audited; 404 outside the scope, 409 when already reviewed.
 */
export async function reviewAlert(
  { db, events }: Deps,
  {
    scope,
    id,
    resolution,
    actor,
  }: { scope: TenantScope; id: string; resolution: WatchlistAlertResolution; actor: Actor },
): Promise<TWatchlistAlert> {
  const outcome = await db.transaction(async (tx) => {
    const where: SQL | undefined = and(eq(watchlistAlerts.id, id), ownedBy(scope, watchlistAlerts.ownerId));
    const [alert] = await tx.select().from(watchlistAlerts).where(where).for('update');
    if (!alert) throw new ApiError(404, 'not_found');
    if (alert.reviewedAt) throw new ApiError(409, 'watchlist_alert_reviewed');
    let report: { id: string; status: string } | null = null;
    let profile: Awaited<ReturnType<typeof refreshProfileStatus>> = null;
    if (resolution === 'homonym') {
      await tx
        .insert(watchlistDismissals)
        .values({
          profileId: alert.profileId,
          sourceId: alert.sourceId,
          entryId: alert.entryId,
          dismissedBy: actor.userId,
        })
        .onConflictDoNothing();
      const locked = await lockProfile(tx, alert.profileId);
      const [row] = await tx
        .select()
        .from(reports)
        .where(and(eq(reports.profileId, alert.profileId), eq(reports.type, 'watchlists')));
      if (row && locked) {
        const findings = row.findings.filter((f) => !sameEntry(alert.sourceId, alert.entryId)(f));
        const status = reportStatusFromFindings(findings, locked.confirmedHomonym);
        await tx.update(reports).set({ findings, status }).where(eq(reports.id, row.id));
        report = { id: row.id, status };
        profile = await refreshProfileStatus(tx, alert.profileId, locked);
      }
    }
    await tx
      .update(watchlistAlerts)
      .set({ resolution, reviewedBy: actor.userId, reviewedAt: new Date() })
      .where(eq(watchlistAlerts.id, id));
    await audit(tx, actor, {
      ownerId: alert.ownerId,
      action: 'watchlist.alert_review',
      entityType: 'profile',
      entityId: alert.profileId,
      changes: { alertId: id, source: alert.sourceId, entryId: alert.entryId, resolution },
    });
    return { alert, report, profile };
  });
  const { alert, report, profile } = outcome;
  events.publish('watchlist.alert', alert.ownerId, { alertId: alert.id, profileId: alert.profileId, kind: alert.kind });
  if (report)
    events.publish('report.updated', alert.ownerId, {
      profileId: alert.profileId,
      reportId: report.id,
      status: report.status as never,
    });
  if (profile?.changed)
    events.publish('profile.updated', alert.ownerId, { profileId: alert.profileId, status: profile.status });
  const [row] = await db
    .select(columns)
    .from(watchlistAlerts)
    .innerJoin(profiles, eq(profiles.id, watchlistAlerts.profileId))
    .innerJoin(watchlistVersions, eq(watchlistVersions.id, watchlistAlerts.versionId))
    .leftJoin(users, eq(users.id, watchlistAlerts.reviewedBy))
    .where(eq(watchlistAlerts.id, id));
  return toAlert(row!);
}

/**
 * A reviewer confirmed the person a homonym of their name-only matches: the watch-list entries matched
 * by name now are dismissed for the person for good, so a later version of the list (or a re-run) does
 * not bring them back. Inside the caller's transaction.
 */
export async function dismissNameMatches(tx: Db, profileId: string, by: string | null): Promise<void> {
  const [report] = await tx
    .select({ findings: reports.findings })
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'watchlists')));
  const entries = (report?.findings ?? []).filter((f) => f.kind === 'watchlist_entry' && f.matchedBy === 'name');
  if (entries.length === 0) return;
  await tx
    .insert(watchlistDismissals)
    .values(
      entries.map((f) => ({
        profileId,
        sourceId: String(f.record.source),
        entryId: String(f.record.entryId),
        dismissedBy: by,
      })),
    )
    .onConflictDoNothing();
}
