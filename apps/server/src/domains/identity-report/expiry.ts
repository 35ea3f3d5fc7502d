import { and, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityPictures } from '../../db/schema/index.ts';
import type { Schedule } from '../../lib/jobs/index.ts';
import type { UploadStorage } from '../uploads/storage.ts';

/** A form's pictures wait this long for the candidate to submit; biometric data nobody submitted goes after. */
export const UNSUBMITTED_PICTURE_TTL_MS = 24 * 3_600_000;

/**
 * Pictures a candidate took in a form they never submitted (no person): files first, then rows, so after
 * a crash between the rows still name the files and the next run deletes them again.
 */
export async function expireUnsubmittedPictures(db: Db, storage: UploadStorage, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: identityPictures.id, key: identityPictures.storageKey })
    .from(identityPictures)
    .where(
      and(
        isNull(identityPictures.profileId),
        lte(identityPictures.createdAt, new Date(now.getTime() - UNSUBMITTED_PICTURE_TTL_MS)),
      ),
    )
    .limit(500);
  if (due.length === 0) return 0;
  await Promise.all(due.map((r) => storage.delete(r.key)));
  await db.delete(identityPictures).where(
    and(
      inArray(
        identityPictures.id,
        due.map((r) => r.id),
      ),
      isNull(identityPictures.profileId),
    ),
  );
  return due.length;
}

/** Hourly: an unsubmitted picture lives a day, give or take an hour. */
export const unsubmittedPictureExpiry = (db: Db, storage: UploadStorage): Schedule => ({
  name: 'identity.unsubmitted_pictures',
  everyMs: 60 * 60_000,
  run: () => expireUnsubmittedPictures(db, storage),
});
