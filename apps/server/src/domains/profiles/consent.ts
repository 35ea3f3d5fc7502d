import { and, desc, eq } from 'drizzle-orm';
import type { TConsentAttestation, TPersonConsent } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, formSubmissions, owners, uploads, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Actor } from '../../kernel/index.ts';
import type { ProfileRow } from './view.ts';

/** An attestation as stored: the caller and the server's clock, never the client's word for either. */
export type StoredAttestation = { version: string; at: Date; userId: string | null; apiKeyId: string | null };

/**
 * Checks the owner's rule (422 `consent_attestation_required` when it requires one and none came)
 * and turns what the client sent into what is stored, with the attesting actor and `now`.
 */
export async function attestationFor(
  db: Db,
  ownerId: string,
  attestation: TConsentAttestation | undefined,
  actor: Actor,
  now: Date,
): Promise<StoredAttestation | null> {
  if (!attestation) {
    const [owner] = await db
      .select({ required: owners.consentAttestationRequired })
      .from(owners)
      .where(eq(owners.id, ownerId));
    if (owner?.required) throw new ApiError(422, 'consent_attestation_required');
    return null;
  }
  return { version: attestation.consentVersion, at: now, userId: actor.userId, apiKeyId: actor.apiKeyId ?? null };
}

/**
 * How a person's consent was obtained: the form submission that created it, or its attestation — the
 * later of the two when a new consent was attested after the form (after a withdrawal).
 */
export async function consentOf(db: Db, row: ProfileRow): Promise<TPersonConsent | null> {
  if (row.createdAs === 'form') {
    const [form] = await db
      .select({ version: formSubmissions.consentVersion, at: formSubmissions.consentedAt })
      .from(formSubmissions)
      .where(eq(formSubmissions.profileId, row.id))
      .orderBy(desc(formSubmissions.consentedAt))
      .limit(1);
    const attestedLater = row.consentAttestedAt && form && row.consentAttestedAt > form.at;
    if (form && !attestedLater)
      return { how: 'form', version: form.version, at: form.at.toISOString(), by: null, document: null };
  }
  if (!row.consentAttestedAt || !row.consentVersion) return null;
  const [by] = row.consentAttestedKeyId
    ? await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, row.consentAttestedKeyId))
    : row.consentAttestedBy
      ? await db.select({ name: users.username }).from(users).where(eq(users.id, row.consentAttestedBy))
      : [];
  const [document] = await db
    .select({ id: uploads.id, fileName: uploads.fileName })
    .from(uploads)
    .where(and(eq(uploads.profileId, row.id), eq(uploads.consentDocument, true)))
    .limit(1);
  return {
    how: 'attested',
    version: row.consentVersion,
    at: row.consentAttestedAt.toISOString(),
    by: by?.name ?? null,
    document: document ?? null,
  };
}
