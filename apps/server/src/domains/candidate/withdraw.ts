import { CONSENT_WITHDRAWN } from '@centinela/shared';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, referenceChecks, reports, watchlistEnrolments } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { refundReports } from '../credits/charge.ts';
import { lockProfile, refreshProfileStatus } from '../reports/profile-status.ts';
import type { Candidate } from './access.ts';

/**
 * The candidate withdraws consent: the reports not yet run stop (ERROR, `consent_withdrawn`;
 * a worker running one loses its lease and writes nothing), Sol stops contacting their references, and
 * retention counts from now (retention/expiry.ts), monitoring stops, and nothing runs again until a new
 * consent is recorded (profiles/consent-record.ts). The stopped reports give their credits back, as any
 * report ending in ERROR does. Idempotent: the first withdrawal's time stays.
 */
export async function withdrawConsent(
  { db, events }: { db: Db; events: EventBus },
  { candidate, ip }: { candidate: Candidate; ip: string | null },
  now = new Date(),
): Promise<{ stopped: number }> {
  const result = await db.transaction(async (tx) => {
    const locked = await lockProfile(tx, candidate.profileId);
    if (!locked) return null;
    const [person] = await tx
      .update(profiles)
      .set({ consentWithdrawnAt: now })
      .where(and(eq(profiles.id, candidate.profileId), isNull(profiles.consentWithdrawnAt)))
      .returning({ id: profiles.id });
    if (!person) return { stopped: 0, change: null, credits: undefined };
    const stopped = await tx
      .update(reports)
      .set({ status: 'ERROR', lastError: CONSENT_WITHDRAWN, completedAt: now, lockedBy: null, lockedUntil: null })
      .where(and(eq(reports.profileId, candidate.profileId), inArray(reports.status, ['PENDING', 'INCOMPLETE'])))
      .returning({ id: reports.id });
    const [credits] = await refundReports(
      tx,
      stopped.map((r) => r.id),
    );
    await tx
      .update(referenceChecks)
      .set({ status: 'declined', declinedAt: now, lockedBy: null, lockedUntil: null, lastError: CONSENT_WITHDRAWN })
      .where(
        and(
          eq(referenceChecks.profileId, candidate.profileId),
          notInArray(referenceChecks.status, ['completed', 'declined', 'expired']),
        ),
      );
    // Monitoring is a check too: it stops with the consent (a new consent does not turn it back on).
    const unenrolled = await tx
      .delete(watchlistEnrolments)
      .where(eq(watchlistEnrolments.profileId, candidate.profileId))
      .returning({ id: watchlistEnrolments.profileId });
    const change = await refreshProfileStatus(tx, candidate.profileId, locked);
    await audit(
      tx,
      { userId: null, ip },
      {
        ownerId: candidate.ownerId,
        action: 'privacy.consent_withdraw',
        entityType: 'profile',
        entityId: candidate.profileId,
        changes: { stoppedReports: stopped.length, monitoringStopped: unenrolled.length > 0 },
      },
    );
    return { stopped: stopped.length, change, credits };
  });
  if (result?.change?.changed)
    events.publish('profile.updated', candidate.ownerId, {
      profileId: candidate.profileId,
      status: result.change.status,
    });
  if (result?.credits)
    events.publish('credits.updated', candidate.ownerId, { creditsAvailable: result.credits.creditsAvailable });
  return { stopped: result?.stopped ?? 0 };
}
