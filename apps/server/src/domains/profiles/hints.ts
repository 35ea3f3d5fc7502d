import { and, desc, eq, gte, ne } from 'drizzle-orm';
import {
  checkDocumentId,
  normalizeDocumentId,
  type Country,
  type DocumentType,
  type TProfileHint,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/** SPEC §9: a document used in the last 2 days triggers a warning. */
export const RECENT_DOCUMENT_MS = 2 * 24 * 60 * 60 * 1000;

type HintInput = {
  ownerId: string;
  country: Country;
  documentType: DocumentType;
  documentId: string;
  excludeProfileId?: string;
};

/** Advisory hints (SPEC §5), never blocking: the catalogue's format check and recent use in the same owner. */
export async function profileHints(db: Db, input: HintInput, now = new Date()): Promise<TProfileHint[]> {
  const hints: TProfileHint[] = [];
  const format = checkDocumentId(input.country, input.documentType, input.documentId);
  if (format) hints.push({ field: 'documentId', ...format });
  const documentId = normalizeDocumentId(input.country, input.documentType, input.documentId);
  if (!documentId) return hints;
  const [recent] = await db
    .select({ id: profiles.id, createdAt: profiles.createdAt })
    .from(profiles)
    .where(
      and(
        eq(profiles.ownerId, input.ownerId),
        eq(profiles.country, input.country),
        eq(profiles.documentId, documentId),
        gte(profiles.createdAt, new Date(now.getTime() - RECENT_DOCUMENT_MS)),
        input.excludeProfileId ? ne(profiles.id, input.excludeProfileId) : undefined,
      ),
    )
    .orderBy(desc(profiles.createdAt))
    .limit(1);
  if (recent)
    hints.push({
      field: 'documentId',
      hint: 'recently_used',
      profileId: recent.id,
      usedAt: recent.createdAt.toISOString(),
    });
  return hints;
}
