import type { TPersonConsent } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, uploads } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { consentOf } from './consent.ts';

/**
 * One of the person's uploads becomes the signed document of their consent attestation (the
 * previous one, if any, stops being it), or none (`uploadId` null). Only an attested person has one: a form
 * carries the candidate's own consent (409 `consent_not_attested`). Audited with the upload's id.
 */
export async function setConsentDocument(
  db: Db,
  { scope, id, uploadId, actor }: { scope: TenantScope; id: string; uploadId: string | null; actor: Actor },
): Promise<TPersonConsent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(profiles)
      .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found');
    if (!row.consentAttestedAt) throw new ApiError(409, 'consent_not_attested');
    if (uploadId) {
      const [upload] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.profileId, id)));
      if (!upload)
        throw new ApiError(422, 'validation_failed', {}, [
          { path: 'body.uploadId', code: 'not_found', key: 'forms.validation.uploadUnknown' },
        ]);
    }
    await tx.update(uploads).set({ consentDocument: false }).where(eq(uploads.profileId, id));
    if (uploadId) await tx.update(uploads).set({ consentDocument: true }).where(eq(uploads.id, uploadId));
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'profile.consent_document',
      entityType: 'profile',
      entityId: id,
      changes: { uploadId },
    });
    return (await consentOf(tx, row))!;
  });
}
