import type { TWatchlistMatch } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistDismissals, watchlistSettings } from '../../db/schema/index.ts';
import { normalizeDocumentNumber } from './documents.ts';
import type { WatchlistEntry } from './entry.ts';
import { currentLists, type ListState } from './lists.ts';
import { keepMatches, scoreCandidate, type Person } from './match.ts';
import { sortedNameKey } from './names.ts';

/** An owner's threshold when it set none (watchlist_setting's default). */
export const DEFAULT_REVIEW_THRESHOLD = 0.82;

export type ScreenSubject = Person & { documentId?: string | null };
export type Screening = { matches: TWatchlistMatch[]; entries: Map<string, WatchlistEntry>; lists: ListState[] };

type Row = {
  entry_id: string;
  source_id: string;
  data: WatchlistEntry;
  added_in: number;
  matched_name: string;
  trigram: number;
  document: string | null;
};

/**
 * Entries that may be this person, from the open rows of every list: names whose sorted key is
 * trigram-similar to the person's (pg_trgm's `%`, served by the GIN index; candidates only, scored in
 * match.ts), and entries that carry the person's document number. Persons are individuals: names are
 * compared with individuals' entries only, documents with any.
 */
async function candidates(db: Db, person: ScreenSubject): Promise<Row[]> {
  const key = sortedNameKey(person.name);
  const document = person.documentId ? normalizeDocumentNumber(person.documentId) : '';
  const byName = key
    ? sql`select e.entry_id, e.source_id, e.data, e.added_in, n.name as matched_name, similarity(n.sorted_key, ${key}) as trigram, null::text as document
          from watchlist_name n join watchlist_entry e on e.id = n.entry_row_id
          where n.sorted_key % ${key} and e.removed_in is null and e.kind = 'individual'`
    : null;
  const byDocument =
    document.length >= 5
      ? sql`select e.entry_id, e.source_id, e.data, e.added_in, e.name as matched_name, 0::real as trigram, d.number as document
            from watchlist_document d join watchlist_entry e on e.id = d.entry_row_id
            where d.number = ${document} and e.removed_in is null`
      : null;
  const parts = [byName, byDocument].filter((p) => p !== null);
  if (parts.length === 0) return [];
  const result = await db.execute(parts.length === 2 ? sql`${parts[0]} union all ${parts[1]}` : parts[0]!);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The owner's review threshold (0..1). */
export async function reviewThreshold(db: Db, ownerId: string | null): Promise<number> {
  if (!ownerId) return DEFAULT_REVIEW_THRESHOLD;
  const [row] = await db
    .select({ t: watchlistSettings.reviewThreshold })
    .from(watchlistSettings)
    .where(eq(watchlistSettings.ownerId, ownerId));
  return row?.t ?? DEFAULT_REVIEW_THRESHOLD;
}

/** The entries a reviewer ruled out for this person (homonyms), as `source:entryId`. */
export async function dismissedFor(db: Db, profileId: string): Promise<Set<string>> {
  const rows = await db
    .select({ s: watchlistDismissals.sourceId, e: watchlistDismissals.entryId })
    .from(watchlistDismissals)
    .where(and(eq(watchlistDismissals.profileId, profileId), eq(watchlistDismissals.verdict, 'homonym')));
  return new Set(rows.map((r) => `${r.s}:${r.e}`));
}

/**
 * Screens one person against every loaded list, now: the matches by document, and by name at or above
 * the threshold (entries ruled out for the person skipped), with the lists' versions and staleness.
 */
export async function screenPerson(
  db: Db,
  person: ScreenSubject,
  opts: { threshold: number; dismissed?: ReadonlySet<string>; maxAgeDays: number; now?: Date },
): Promise<Screening> {
  const [rows, lists] = await Promise.all([candidates(db, person), currentLists(db, opts.maxAgeDays, opts.now)]);
  const seqs = new Map(lists.map((l) => [l.source as string, l.seq]));
  const personDocument = person.documentId ? normalizeDocumentNumber(person.documentId) : null;
  const scored = rows.map((r) =>
    scoreCandidate(person, {
      entry: r.data,
      versionSeq: seqs.get(r.source_id) ?? r.added_in,
      matchedName: r.matched_name,
      trigram: Number(r.trigram),
      document: r.document,
      personDocument,
    }),
  );
  const matches = keepMatches(scored, opts.threshold, opts.dismissed);
  const entries = new Map(rows.map((r) => [`${r.source_id}:${r.entry_id}`, r.data]));
  return { matches, entries, lists };
}
