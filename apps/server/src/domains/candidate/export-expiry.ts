import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyRequests } from '../../db/schema/index.ts';
import type { Schedule } from '../../lib/jobs/index.ts';
import type { UploadStorage } from '../uploads/storage.ts';

/**
 * Copies past their download window lose their files: the request stays, `expired`, so the
 * candidate sees what they asked for and when. Files first, then rows: after a crash between, the rows
 * still name the files and the next run deletes them again (deleting is idempotent).
 */
export async function expireExports(db: Db, storage: UploadStorage, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: privacyRequests.id, keys: privacyRequests.exportKeys })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.status, 'ready'), lte(privacyRequests.expiresAt, now)))
    .limit(500);
  if (due.length === 0) return 0;
  await Promise.all(due.flatMap((r) => (r.keys ?? []).map((k) => storage.delete(k))));
  await db
    .update(privacyRequests)
    .set({ status: 'expired', exportKeys: null })
    .where(
      inArray(
        privacyRequests.id,
        due.map((r) => r.id),
      ),
    );
  return due.length;
}

/** Every 15 minutes: a copy is downloadable for CANDIDATE_EXPORT_HOURS, give or take that. */
export const exportExpiry = (db: Db, storage: UploadStorage): Schedule => ({
  name: 'privacy.export_expiry',
  everyMs: 15 * 60_000,
  run: () => expireExports(db, storage),
});
