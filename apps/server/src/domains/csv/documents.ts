import { normalizeDocumentId, type Country, type DocumentType, type TCandidateInput } from '@centinela/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/**
 * A row is a duplicate when its document — type and number, normalised as the person's
 * would be — already belongs to one of the owner's persons in the job's country, or repeats an earlier
 * row of the file. The key within one owner and country:
 */
export const documentKey = (documentType: DocumentType, documentId: string) => `${documentType}\u001f${documentId}`;

/** A valid row's document as its person would store it. */
export function candidateDocument(candidate: TCandidateInput): { documentType: DocumentType; documentId: string } {
  return {
    documentType: candidate.documentType,
    documentId: normalizeDocumentId(candidate.country, candidate.documentType, candidate.documentId),
  };
}

export type ExistingPerson = { id: string; name: string };

/** Documents looked up per query: each a bind parameter, the owner's (owner_id, document_id) index does the rest. */
const LOOKUP_CHUNK = 1000;

/**
 * The owner's persons (only theirs) holding these documents in this country, by documentKey; of
 * several with the same document, the latest.
 */
export async function existingPersons(
  db: Db,
  ownerId: string,
  country: Country,
  documents: readonly { documentType: DocumentType; documentId: string }[],
): Promise<Map<string, ExistingPerson>> {
  const found = new Map<string, ExistingPerson & { at: number }>();
  const ids = [...new Set(documents.map((d) => d.documentId))];
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({
        id: profiles.id,
        name: profiles.name,
        documentType: profiles.documentType,
        documentId: profiles.documentId,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(
        and(
          eq(profiles.ownerId, ownerId),
          inArray(profiles.documentId, ids.slice(i, i + LOOKUP_CHUNK)),
          eq(profiles.country, country),
        ),
      );
    for (const r of rows) {
      const key = documentKey(r.documentType, r.documentId);
      const at = r.createdAt.getTime();
      const seen = found.get(key);
      if (!seen || seen.at < at) found.set(key, { id: r.id, name: r.name, at });
    }
  }
  return new Map([...found].map(([key, p]) => [key, { id: p.id, name: p.name }]));
}
