import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobs } from '../../db/schema/index.ts';
import type { Schedule } from '../../lib/jobs/index.ts';
import { removeFile } from './files.ts';

/**
 * Uploads the wizard never started (the user left at step 2–4) are forgotten after `olderThan`: the
 * job row and its file. One DELETE decides: a job started meanwhile is no longer `uploaded` and stays.
 * Returns how many were removed.
 */
export async function expireStaleUploads(db: Db, olderThan: Date): Promise<number> {
  const gone = await db
    .delete(csvJobs)
    .where(and(eq(csvJobs.status, 'uploaded'), lt(csvJobs.createdAt, olderThan)))
    .returning({ filePath: csvJobs.filePath });
  // After the commit: a file is only ever removed once no job points at it.
  for (const { filePath } of gone) await removeFile(filePath);
  return gone.length;
}

/** Checks every `everyMs` for uploads older than `ttlMs` (CSV_UPLOAD_TTL_HOURS). */
export const uploadExpiry = (db: Db, ttlMs: number, everyMs = 15 * 60_000): Schedule => ({
  name: 'csv.upload-expiry',
  everyMs,
  run: async (log) => {
    const n = await expireStaleUploads(db, new Date(Date.now() - ttlMs));
    if (n > 0) log?.info({ uploads: n }, 'csv uploads never started were removed');
  },
});
