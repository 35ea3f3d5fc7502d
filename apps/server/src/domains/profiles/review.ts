import { and, eq } from 'drizzle-orm';
import type { TGetProfileResponse, TReviewProfileRequest, TUpdateProfileRequest } from '@centinela/shared';
import { profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TenantScope, Actor, Deps } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { getProfile, profileDetail } from './repository.ts';
import { refreshProfileStatus } from '../reports/index.ts';
import { lockProfile, statusFromReports } from '../reports/profile-status.ts';
import { dismissNameMatches } from '../watchlists/alerts.ts';

type Args<I> = { scope: TenantScope; id: string; input: I; actor: Actor };

/** Edits the review fields of SPEC §3; a changed homonym decision re-derives the status. */
export async function updateReviewFields(
  { db, events }: Deps,
  { scope, id, input, actor }: Args<TUpdateProfileRequest>,
): Promise<TGetProfileResponse> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const profile = await db.transaction(async (tx) => {
    const current = await getProfile(tx, scope, id);
    let [row] = await tx.update(profiles).set(changes).where(eq(profiles.id, current.id)).returning();
    if (current.confirmedHomonym !== row!.confirmedHomonym) {
      // Watch-list entries ruled out stay ruled out when the lists change (issue #21).
      if (row!.confirmedHomonym) await dismissNameMatches(tx, current.id, actor.userId);
      // The homonym decision changes which findings count (engine rule), so the status is derived again.
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
    return row!;
  });
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
