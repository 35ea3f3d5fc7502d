import { ZScreenRequest, type CatalogueCountry, type TScreenRequest } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { documentId } from '../../apps/server/src/seed/documents.ts';
import { makePerson } from '../../apps/server/src/seed/person.ts';
import type { WatchlistEntry } from '../../apps/server/src/domains/watchlists/entry.ts';
import { givenNameFirst } from '../../apps/server/src/domains/watchlists/names.ts';
import type { Rng } from '../../apps/server/src/lib/rng.ts';

export const COUNTRIES: readonly CatalogueCountry[] = ['ar', 'br', 'cl', 'co', 'cr', 'ec', 'mx', 'pa', 'pe'];

export type ScreenCase = {
  kind: 'listed name' | 'near miss' | 'listed document' | 'common name';
  body: TScreenRequest;
};

/** The entry's date of birth when it publishes one exact day (a year or a range is no person's birthday). */
export const exactBirthDate = (entry: WatchlistEntry) => entry.birthDates.find((d) => d.from === d.to)?.from;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The listed name as a person's record would write it: given names first, each word capitalised. */
export const writtenAsPerson = (name: string) => givenNameFirst(name).split(/\s+/).map(title).join(' ');

/**
 * The listed name written as a person's record might differ from the list: accents and case gone, word
 * order turned, a middle name or second surname left out, or (`typos`) two letters swapped in the
 * longest word. Each keeps the name a match by the matcher's rules (docs/watchlists.md).
 */
export function nearMiss(name: string, rng: Rng, { typos = true } = {}): string {
  const words = writtenAsPerson(name).split(' ');
  const variant = rng.int(0, typos ? 3 : 2);
  if (variant === 0) return words.join(' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (variant === 1 || (variant === 2 && words.length < 3 && !typos))
    return [...words.slice(1), words[0]].join(' ').toUpperCase();
  // A middle name left out of four words or more; of three ("Given Paternal Maternal"), the maternal
  // surname, as people leave it out (two words of three are weak evidence otherwise).
  if (variant === 2 && words.length >= 3) return words.filter((_, i) => i !== (words.length === 3 ? 2 : 1)).join(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = rng.int(1, Math.max(1, longest.length - 2));
  const typo = `${longest.slice(0, at)}${longest.charAt(at + 1)}${longest.charAt(at)}${longest.slice(at + 2)}`;
  return words.map((w) => (w === longest ? typo : w)).join(' ');
}

/** Individuals of every loaded list, in a fixed pseudo-random order (the same ones on every run). */
export async function listedIndividuals(db: Db, limit: number): Promise<WatchlistEntry[]> {
  const result = await db.execute(sql`
    select data from watchlist_entry where removed_in is null and kind = 'individual' order by md5(entry_id) limit ${limit}`);
  return (result as unknown as { rows: { data: WatchlistEntry }[] }).rows.map((r) => r.data);
}

/** A person as a client company would send them: a common name of their country, national id, birth date. */
export function commonPerson(rng: Rng, now: Date) {
  const country = rng.pick(COUNTRIES);
  const person = makePerson(country, rng, now);
  return { country, person, documentId: documentId(country, 'national_id', person, rng, null).id };
}

/**
 * The screening mix: mostly persons who are on no list (common Latin American names with their national
 * id and birth date, the bulk of real traffic), then listed individuals by their published name, by a
 * name written differently (near misses), and by a document the list publishes.
 */
export async function screeningMix(db: Db, rng: Rng, size: number, now = new Date()): Promise<ScreenCase[]> {
  const listed = await listedIndividuals(db, size);
  const withDocument = listed.filter((e) => e.documents.some((d) => d.number.length >= 5));
  const cases: ScreenCase[] = [];
  for (let i = 0; i < size; i++) {
    const roll = rng.next();
    const entry = listed[i % listed.length]!;
    const birthDate = exactBirthDate(entry);
    if (roll < 0.6) {
      const { country, person, documentId: id } = commonPerson(rng, now);
      cases.push({
        kind: 'common name',
        body: { name: person.name, documentId: id, country, birthDate: person.birthDate },
      });
    } else if (roll < 0.75) {
      cases.push({ kind: 'listed name', body: { name: writtenAsPerson(entry.name), ...(birthDate && { birthDate }) } });
    } else if (roll < 0.9 || withDocument.length === 0) {
      cases.push({ kind: 'near miss', body: { name: nearMiss(entry.name, rng), ...(birthDate && { birthDate }) } });
    } else {
      const documented = withDocument[i % withDocument.length]!;
      const document = documented.documents.find((d) => d.number.length >= 5)!;
      const name = writtenAsPerson(documented.name);
      // As listed when the API takes it; "469/2005" is refused (a slash is no document character), so
      // a person would type it as the list's normalised number.
      const asListed = { name, documentId: document.raw };
      const body = ZScreenRequest.safeParse(asListed).success ? asListed : { name, documentId: document.number };
      cases.push({ kind: 'listed document', body });
    }
  }
  return cases;
}
