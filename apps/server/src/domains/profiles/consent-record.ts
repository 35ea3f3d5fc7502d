import type { TConsentAttestation, TPersonConsent } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { consentOf } from './consent.ts';

/**
 * A new consent for a person whose candidate withdrew theirs: the caller attests it (who and when are the
 * caller and the server's clock), the withdrawal is lifted, and checks can be run and monitored again.
 * Nothing re-runs by itself: staff choose what to run. The withdrawal stays in the audit log.
 */
export async function recordNewConsent(
  db: Db,
  { scope, id, attestation, actor }: { scope: TenantScope; id: string; attestation: TConsentAttestation; actor: Actor },
  now = new Date(),
): Promise<TPersonConsent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        consentVersion: attestation.consentVersion,
        consentAttestedAt: now,
        consentAttestedBy: actor.userId,
        consentAttestedKeyId: actor.apiKeyId ?? null,
        consentWithdrawnAt: null,
      })
      .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)))
      .returning();
    if (!row) throw new ApiError(404, 'not_found');
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'profile.consent_record',
      entityType: 'profile',
      entityId: id,
      changes: { consentVersion: attestation.consentVersion },
    });
    return (await consentOf(tx, row))!;
  });
}
