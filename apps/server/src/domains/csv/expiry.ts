import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobs } from '../../db/schema/index.ts';
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
