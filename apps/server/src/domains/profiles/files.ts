import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityPictures, privacyRequests, referenceChecks, references, uploads } from '../../db/schema/index.ts';

/**
 * The stored files that belong to some persons: their uploaded documents, their identity pictures (in
 * upload storage; biometric data, so they never outlive the person), the copies of their data they
 * asked for (in upload storage too) and Sol's downloaded recordings.
 */
export type PersonFiles = { uploads: string[]; recordings: string[] };

/** Removes files once the rows that named them are gone (after the deleting transaction commits). */
export type PurgeFiles = (files: PersonFiles) => Promise<void>;

/**
 * What to remove with these persons: upload storage keys, and recordings Sol downloaded (`file:<name>`;
 * the sandbox's shared `asset:` recordings are not the person's and stay).
 */
export async function filesOf(db: Db, profileIds: string[]): Promise<PersonFiles> {
  if (profileIds.length === 0) return { uploads: [], recordings: [] };
  const [stored, pictures, copies, recorded] = await Promise.all([
    db.select({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.profileId, profileIds)),
    db
      .select({ key: identityPictures.storageKey })
      .from(identityPictures)
      .where(inArray(identityPictures.profileId, profileIds)),
    db
      .select({ keys: privacyRequests.exportKeys })
      .from(privacyRequests)
      .where(inArray(privacyRequests.profileId, profileIds)),
    db
      .select({ path: references.recordingPath })
      .from(references)
      .innerJoin(referenceChecks, eq(referenceChecks.id, references.referenceCheckId))
      .where(inArray(referenceChecks.profileId, profileIds)),
  ]);
  const recordings = recorded.flatMap((r) => (r.path?.startsWith('file:') ? [r.path.slice('file:'.length)] : []));
  return {
    uploads: [...stored.map((u) => u.key), ...pictures.map((p) => p.key), ...copies.flatMap((c) => c.keys ?? [])],
    recordings,
  };
}
