import { and, eq } from 'drizzle-orm';
import { identityVerdictResult, type TIdentityReviewRequest } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type EventBus, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { lockProfile, refreshProfileStatus } from '../reports/profile-status.ts';
import { reportEventData } from '../webhooks/events.ts';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/outbox.ts';
import type { StoredIdentity } from './provider.ts';

/**
 * A reviewer's decision on an identity report waiting for a person: approved → COMPLETED with nothing
 * found; rejected → COMPLETED with the adverse finding (the person FAILED). The decision and its reason
 * stay on the report, the audit log records them, and the client's webhook hears `report.completed`.
 */
export async function reviewIdentity(
  deps: { db: Db; events: EventBus },
  scope: TenantScope,
  input: { profileId: string; actor: { userId: string | null; ip: string | null; name: string | null } },
  decision: TIdentityReviewRequest,
): Promise<void> {
  const settled = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: reports.id, ownerId: reports.ownerId })
      .from(reports)
      .where(
        and(
          ownedBy(scope, reports.ownerId),
          eq(reports.profileId, input.profileId),
          eq(reports.type, 'identity_document'),
        ),
      );
    if (!found) {
      // A person the caller may see but with no identity report: nothing waits for review (409), not a 404.
      const [person] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, input.profileId)));
      throw person ? new ApiError(409, 'identity_not_in_review') : new ApiError(404, 'not_found');
    }
    await lockProfile(tx, input.profileId);
    const [report] = await tx.select().from(reports).where(eq(reports.id, found.id)).for('update');
    if (!report || report.status !== 'PENDING_MANUAL_REVIEW') throw new ApiError(409, 'identity_not_in_review');
    const identity = (report.details?.identity ?? null) as StoredIdentity | null;
    const at = new Date();
    const review = { decision: decision.decision, reason: decision.reason, by: input.actor.name, at: at.toISOString() };
    const { findings } =
      decision.decision === 'approved'
        ? { findings: [] }
        : identityVerdictResult(
            'FAILED',
            [{ check: 'review', reason: 'rejected' }, ...(identity?.reasons ?? [])],
            at.toISOString().slice(0, 10),
          );
    await tx
      .update(reports)
      .set({
        status: 'COMPLETED',
        findings,
        details: { ...(report.details ?? {}), identity: { ...(identity ?? {}), review } },
        completedAt: at,
      })
      .where(eq(reports.id, report.id));
    const profile = await refreshProfileStatus(tx, input.profileId);
    await audit(
      tx,
      { userId: input.actor.userId, ip: input.actor.ip },
      {
        ownerId: report.ownerId,
        action: 'identity.review',
        entityType: 'report',
        entityId: report.id,
        changes: { decision: decision.decision, reason: decision.reason, profileStatus: profile?.status ?? null },
      },
    );
    const events: WebhookEvent[] = [
      {
        ownerId: report.ownerId,
        type: 'report.completed',
        data: reportEventData({ reportId: report.id, profileId: report.profileId, status: 'COMPLETED' }, report.type),
      },
    ];
    if (profile?.changed)
      events.push({
        ownerId: report.ownerId,
        type: 'profile.completed',
        data: { profileId: report.profileId, status: profile.status },
      });
    await emitWebhookEvents(tx, events);
    return { ownerId: report.ownerId, reportId: report.id, profile };
  });
  deps.events.publish('report.updated', settled.ownerId, {
    profileId: input.profileId,
    reportId: settled.reportId,
    status: 'COMPLETED',
  });
  if (settled.profile?.changed)
    deps.events.publish('profile.updated', settled.ownerId, {
      profileId: input.profileId,
      status: settled.profile.status,
    });
}
