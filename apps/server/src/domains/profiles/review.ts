import { and, eq } from 'drizzle-orm';
import {
  reportStatusFromFindings,
  type TGetProfileResponse,
  type TReviewProfileRequest,
  type TUpdateProfileRequest,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TenantScope, Actor, Deps } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { getProfile, profileDetail } from './repository.ts';
import { refreshProfileStatus } from '../reports/index.ts';
import { lockProfile, statusFromReports } from '../reports/profile-status.ts';
import { publishRuled, ruleNameMatchesHomonym } from '../watchlists/rulings.ts';

/** The reason kept on rulings made by the person-wide switch when the reviewer wrote no comment (data). */
const PERSON_WIDE_HOMONYM = 'Confirmed homonym for the person (person-wide)';

/**
 * A finished report whose name-only adverse matches the homonym decision puts in or out of consideration
 * takes the status the findings now give (a report waiting for review for another reason keeps it).
 */
async function refreshReportStatuses(tx: Db, profileId: string, confirmedHomonym: boolean): Promise<void> {
  const rows = await tx.select().from(reports).where(eq(reports.profileId, profileId));
  for (const r of rows) {
    if (r.status !== 'COMPLETED' && r.status !== 'INFO' && r.status !== 'PENDING_MANUAL_REVIEW') continue;
    if (!r.findings.some((f) => f.matchedBy === 'name' && f.severity === 'adverse')) continue;
    const status = reportStatusFromFindings(r.findings, confirmedHomonym);
    if (status !== r.status) await tx.update(reports).set({ status }).where(eq(reports.id, r.id));
  }
}

type Args<I> = { scope: TenantScope; id: string; input: I; actor: Actor };

/** Edits the review fields of SPEC §3; a changed homonym decision re-derives the status. */
export async function updateReviewFields(
  { db, events }: Deps,
  { scope, id, input, actor }: Args<TUpdateProfileRequest>,
): Promise<TGetProfileResponse> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const { profile, ruled } = await db.transaction(async (tx) => {
    const current = await getProfile(tx, scope, id);
    let [row] = await tx.update(profiles).set(changes).where(eq(profiles.id, current.id)).returning();
    let ruled: Awaited<ReturnType<typeof ruleNameMatchesHomonym>> = [];
    if (current.confirmedHomonym !== row!.confirmedHomonym) {
      // Each open watch-list name match is ruled a homonym on its own, so the report, the person and every
      // finding agree, and the entries stay ruled out when the lists change.
      if (row!.confirmedHomonym)
        ruled = await ruleNameMatchesHomonym(tx, {
          ownerId: row!.ownerId,
          profileId: current.id,
          actor,
          reason: row!.validationComment?.trim() || PERSON_WIDE_HOMONYM,
        });
      // The homonym decision changes which findings count (engine rule): every report's status and the
      // person's are derived again.
      await refreshReportStatuses(tx, current.id, row!.confirmedHomonym);
      await refreshProfileStatus(tx, current.id);
      [row] = await tx.select().from(profiles).where(eq(profiles.id, current.id));
    }
    await audit(tx, actor, {
      ownerId: row!.ownerId,
      action: 'profile.update',
      entityType: 'profile',
      entityId: row!.id,
      changes,
    });
    return { profile: row!, ruled };
  });
  for (const r of ruled) publishRuled(events, profile.ownerId, profile.id, r);
  events.publish('profile.updated', profile.ownerId, { profileId: profile.id, status: profile.status });
  return profileDetail(db, profile);
}

/**
 * A person's decision after manual review: approved → PASSED, rejected → FAILED. Only a profile
 * waiting for review can be decided; the outcome and comment record what was decided and why. A record
 * matched by the person's document decides FAILED whatever else is pending (docs/reports.md): approving
 * such a person is refused (409 `review_document_match`) even where the stored status still reads
 * PENDING_MANUAL_REVIEW, rather than turned into PASSED.
 */
export async function reviewProfile(
  { db, events }: Deps,
  { scope, id, input, actor }: Args<TReviewProfileRequest>,
): Promise<TGetProfileResponse> {
  const profile = await db.transaction(async (tx) => {
    const current = await getProfile(tx, scope, id);
    const locked = await lockProfile(tx, current.id);
    if (input.decision === 'approved' && locked && (await statusFromReports(tx, locked)) === 'FAILED')
      throw new ApiError(409, 'review_document_match');
    if (current.status !== 'PENDING_MANUAL_REVIEW') throw new ApiError(409, 'review_not_pending');
    const changes = {
      status: input.decision === 'approved' ? ('PASSED' as const) : ('FAILED' as const),
      outcome: input.decision,
      manuallyReviewed: true,
      validationComment: input.comment ?? current.validationComment,
    };
    // Conditional on the status, so two reviewers deciding at once cannot both win.
    // reviewedAt: retention counts from the last decision too (domains/retention/expiry.ts).
    const [row] = await tx
      .update(profiles)
      .set({ ...changes, reviewedAt: new Date() })
      .where(and(eq(profiles.id, current.id), eq(profiles.status, 'PENDING_MANUAL_REVIEW')))
      .returning();
    if (!row) throw new ApiError(409, 'review_not_pending');
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'profile.review',
      entityType: 'profile',
      entityId: row.id,
      changes: { ...changes, from: current.status },
    });
    return row;
  });
  events.publish('profile.updated', profile.ownerId, { profileId: profile.id, status: profile.status });
  return profileDetail(db, profile);
}
