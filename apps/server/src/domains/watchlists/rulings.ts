import {
  reportStatusFromFindings,
  type Finding,
  type MatchRuling,
  type PastRuling,
  type ProfileStatus,
  type ReportStatus,
  type TRuleMatchRequest,
  type TRuleMatchResponse,
  type WatchlistAlertResolution,
} from '@centinela/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, profiles, reports, users, watchlistAlerts, watchlistDismissals } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type Deps, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { lockProfile, refreshProfileStatus, type ProfileStatusChange } from '../reports/profile-status.ts';

/**
 * A reviewer's word on one watch-list match of one person (docs/watchlists.md "Rulings"): stored per
 * (person, list, entry) so a re-run or a later version keeps it, and copied onto the report's finding so
 * the report's status, the person's and the finding shown (and the PDF) all read the same ruling.
 */

const isEntry = (source: string, entryId: string) => (f: Finding) =>
  f.kind === 'watchlist_entry' && f.record.source === source && f.record.entryId === entryId;

/** The finding with a ruling (or as it was when there is none). */
export function withRuling(finding: Finding, ruling: MatchRuling | undefined): Finding {
  return ruling ? { ...finding, ruling } : finding;
}

const key = (source: string, entryId: string) => `${source}:${entryId}`;

const isPastRuling = (v: unknown): v is PastRuling =>
  typeof v === 'object' && v !== null && typeof (v as PastRuling).verdict === 'string';

/**
 * The rulings replaced on this person's entries, by `source:entryId`, newest first. The audit trail is
 * the record: each change's row keeps the ruling it replaced (`previous`).
 */
async function replacedRulings(db: Db, profileId: string): Promise<Map<string, PastRuling[]>> {
  const rows = await db
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'profile'),
        eq(auditEvents.entityId, profileId),
        eq(auditEvents.action, 'watchlist.ruling'),
      ),
    )
    .orderBy(desc(auditEvents.id));
  const out = new Map<string, PastRuling[]>();
  for (const { changes } of rows) {
    const previous = changes?.previous;
    if (!isPastRuling(previous)) continue;
    const k = key(String(changes!.source), String(changes!.entryId));
    out.set(k, [...(out.get(k) ?? []), previous]);
  }
  return out;
}

/** A ruling with the ones it replaced (none: as it is). */
const withHistory = (ruling: PastRuling, history: PastRuling[] | undefined): MatchRuling =>
  history?.length ? { ...ruling, history } : ruling;

/** Every ruling on this person's entries, by `source:entryId`, as findings carry them (with their history). */
export async function rulingsFor(db: Db, profileId: string): Promise<Map<string, MatchRuling>> {
  const rows = await db
    .select({ r: watchlistDismissals, by: users.username })
    .from(watchlistDismissals)
    .leftJoin(users, eq(users.id, watchlistDismissals.dismissedBy))
    .where(eq(watchlistDismissals.profileId, profileId));
  if (rows.length === 0) return new Map();
  const replaced = await replacedRulings(db, profileId);
  return new Map(
    rows.map(({ r, by }) => {
      const k = key(r.sourceId, r.entryId);
      return [
        k,
        withHistory({ verdict: r.verdict, reason: r.reason, by, at: r.dismissedAt.toISOString() }, replaced.get(k)),
      ];
    }),
  );
}

/** Rulings onto a screening's findings (matches of entries nobody ruled on stay as they are). */
export function applyRulings(findings: Finding[], rulings: ReadonlyMap<string, MatchRuling>): Finding[] {
  if (rulings.size === 0) return findings;
  return findings.map((f) =>
    f.kind === 'watchlist_entry'
      ? withRuling(f, rulings.get(key(String(f.record.source), String(f.record.entryId))))
      : f,
  );
}

type Ruled = {
  ruling: MatchRuling;
  report: { id: string; status: ReportStatus } | null;
  profile: ProfileStatusChange | null;
  /** The entry's match alerts this ruling closed, or changed with it. */
  closedAlerts: string[];
};

/**
 * Rules one entry for one person inside the caller's transaction: the ruling stored (a new word replaces
 * the last, and needs its reason; the audit row keeps the one replaced, so the finding shows the
 * history), the report's finding marked and the report's and person's status derived again, the entry's
 * match alerts given the same word, audited. A homonym needs a reason and is refused on a match by
 * document; `requireFinding` refuses an entry that is not on the report (404).
 */
export async function ruleEntry(
  tx: Db,
  args: {
    ownerId: string;
    profileId: string;
    source: string;
    entryId: string;
    verdict: WatchlistAlertResolution;
    reason: string | null;
    actor: Actor;
    requireFinding: boolean;
  },
): Promise<Ruled> {
  const { profileId, source, entryId, verdict, actor } = args;
  const reason = args.reason?.trim() || null;
  if (verdict === 'homonym' && !reason) throw new ApiError(422, 'watchlist_ruling_reason');
  const locked = await lockProfile(tx, profileId);
  if (!locked) throw new ApiError(404, 'not_found');
  const [report] = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'watchlists')))
    .for('update');
  const finding = report?.findings.find(isEntry(source, entryId));
  if (!finding && args.requireFinding) throw new ApiError(404, 'watchlist_match_not_found');
  if (verdict === 'homonym' && finding?.matchedBy === 'id') throw new ApiError(409, 'watchlist_ruling_document');
  const [before] = await tx
    .select({ r: watchlistDismissals, by: users.username })
    .from(watchlistDismissals)
    .leftJoin(users, eq(users.id, watchlistDismissals.dismissedBy))
    .where(
      and(
        eq(watchlistDismissals.profileId, profileId),
        eq(watchlistDismissals.sourceId, source),
        eq(watchlistDismissals.entryId, entryId),
      ),
    );
  // Changing a ruling is a decision of its own: the record says why.
  if (before && !reason) throw new ApiError(422, 'watchlist_ruling_change_reason');
  const previous: PastRuling | null = before
    ? { verdict: before.r.verdict, reason: before.r.reason, by: before.by, at: before.r.dismissedAt.toISOString() }
    : null;
  const at = new Date();
  const values = { verdict, reason, dismissedBy: actor.userId, dismissedAt: at };
  await tx
    .insert(watchlistDismissals)
    .values({ profileId, sourceId: source, entryId, ...values })
    .onConflictDoUpdate({
      target: [watchlistDismissals.profileId, watchlistDismissals.sourceId, watchlistDismissals.entryId],
      set: values,
    });
  const [who] = actor.userId
    ? await tx.select({ username: users.username }).from(users).where(eq(users.id, actor.userId))
    : [];
  const word: PastRuling = { verdict, reason, by: who?.username ?? null, at: at.toISOString() };
  const closed = await tx
    .update(watchlistAlerts)
    .set({ resolution: verdict, reason, reviewedBy: actor.userId, reviewedAt: at })
    .where(
      and(
        eq(watchlistAlerts.profileId, profileId),
        eq(watchlistAlerts.sourceId, source),
        eq(watchlistAlerts.entryId, entryId),
        eq(watchlistAlerts.kind, 'match'),
      ),
    )
    .returning({ id: watchlistAlerts.id });
  await audit(tx, actor, {
    ownerId: args.ownerId,
    action: 'watchlist.ruling',
    entityType: 'profile',
    entityId: profileId,
    changes: {
      source,
      entryId,
      verdict,
      reason,
      from: previous?.verdict ?? null,
      previous,
      alerts: closed.map((a) => a.id),
    },
  });
  const ruling = withHistory(word, previous ? (await replacedRulings(tx, profileId)).get(key(source, entryId)) : []);
  let ruledReport: Ruled['report'] = null;
  let profile: Ruled['profile'] = null;
  if (report && finding) {
    const findings = report.findings.map((f) => (isEntry(source, entryId)(f) ? withRuling(f, ruling) : f));
    // A report still running, or waiting for inputs, keeps its status: the ruling counts when it settles.
    const status =
      report.status === 'PENDING' || report.status === 'INCOMPLETE' || report.status === 'ERROR'
        ? report.status
        : reportStatusFromFindings(findings, locked.confirmedHomonym);
    await tx.update(reports).set({ findings, status }).where(eq(reports.id, report.id));
    ruledReport = { id: report.id, status };
    profile = await refreshProfileStatus(tx, profileId, locked);
  }
  return { ruling, report: ruledReport, profile, closedAlerts: closed.map((a) => a.id) };
}

/** POST /api/v1/watchlists/rulings: one match of a person's report ruled from the persons flyout. */
export async function ruleMatch(
  { db, events }: Deps,
  { scope, input, actor }: { scope: TenantScope; input: TRuleMatchRequest; actor: Actor },
): Promise<TRuleMatchResponse> {
  const { ownerId, ruled, status } = await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: profiles.id, ownerId: profiles.ownerId })
      .from(profiles)
      .where(and(eq(profiles.id, input.profileId), ownedBy(scope, profiles.ownerId)));
    if (!person) throw new ApiError(404, 'not_found');
    const result = await ruleEntry(tx, {
      ownerId: person.ownerId,
      profileId: person.id,
      source: input.source,
      entryId: input.entryId,
      verdict: input.verdict,
      reason: input.reason ?? null,
      actor,
      requireFinding: true,
    });
    const [row] = await tx.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, person.id));
    return { ownerId: person.ownerId, ruled: result, status: row!.status };
  });
  publishRuled(events, ownerId, input.profileId, ruled);
  return { ruling: ruled.ruling, reportStatus: ruled.report!.status, profileStatus: status as ProfileStatus };
}

/** What a ruling changed, on the bus after commit. */
export function publishRuled(events: Deps['events'], ownerId: string, profileId: string, ruled: Ruled): void {
  for (const alertId of ruled.closedAlerts)
    events.publish('watchlist.alert', ownerId, { alertId, profileId, kind: 'match' });
  if (ruled.report)
    events.publish('report.updated', ownerId, {
      profileId,
      reportId: ruled.report.id,
      status: ruled.report.status,
    });
  if (ruled.profile?.changed) events.publish('profile.updated', ownerId, { profileId, status: ruled.profile.status });
}

/**
 * The person-wide "confirmed homonym": every name match on the report not ruled yet is ruled a homonym,
 * so the report, the person and each finding say the same. Inside the caller's transaction.
 */
export async function ruleNameMatchesHomonym(
  tx: Db,
  { ownerId, profileId, actor, reason }: { ownerId: string; profileId: string; actor: Actor; reason: string },
): Promise<Ruled[]> {
  const [report] = await tx
    .select({ findings: reports.findings })
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'watchlists')));
  const open = (report?.findings ?? []).filter(
    (f) => f.kind === 'watchlist_entry' && f.matchedBy === 'name' && !f.ruling,
  );
  const out: Ruled[] = [];
  for (const f of open)
    out.push(
      await ruleEntry(tx, {
        ownerId,
        profileId,
        source: String(f.record.source),
        entryId: String(f.record.entryId),
        verdict: 'homonym',
        reason,
        actor,
        requireFinding: true,
      }),
    );
  return out;
}
