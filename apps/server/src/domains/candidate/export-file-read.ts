import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacyRequests } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import type { Candidate } from './access.ts';

const TYPES = { json: 'application/json', pdf: 'application/pdf' } as const;

/** One file of a ready copy of this candidate's data; 410 while it is prepared or once it has expired. */
export async function readExportFile(
  db: Db,
  storage: UploadStorage,
  { candidate, requestId, file }: { candidate: Candidate; requestId: string; file: 'json' | 'pdf' },
  now = new Date(),
): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.id, requestId),
        eq(privacyRequests.profileId, candidate.profileId),
        eq(privacyRequests.kind, 'export'),
      ),
    );
  if (!row) throw new ApiError(404, 'not_found');
  const key = row.exportKeys?.find((k) => k.endsWith(`.${file}`));
  if (row.status !== 'ready' || !key || !row.expiresAt || row.expiresAt <= now)
    throw new ApiError(410, 'privacy_export_unavailable');
  const body = await storage.get(key);
  if (!body) throw new ApiError(410, 'privacy_export_unavailable');
  const day = (row.resolvedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { body, fileName: `my-data-${day}.${file}`, contentType: TYPES[file] };
}
