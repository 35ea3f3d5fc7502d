import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { CatalogueCountry } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { enrol, enrolmentKeys } from '../../apps/server/src/domains/watchlists/enrol.ts';
import type { WatchlistEntry } from '../../apps/server/src/domains/watchlists/entry.ts';
import { BUNDLED_DIR, type ListSource } from '../../apps/server/src/domains/watchlists/sources.ts';
import type { Rng } from '../../apps/server/src/lib/rng.ts';
import { commonPerson, exactBirthDate, nearMiss, writtenAsPerson } from './watchlist-names.ts';

export type Person = {
  id: string;
  country: CatalogueCountry;
  documentId: string;
  name: string;
  birthDate: string | null;
};

/**
 * A person planted among the enrolled: a match of an entry the new version adds (by its name as a
 * person's record writes it, by a name written differently, by its document, or by its exact name with a
 * date of birth that contradicts the entry's — a date never hides an exact name), or one that
 * must raise nothing: the namesake of an entry the version changed without giving it a new name, or of
 * an entry it did not touch (monitoring screens what is new only).
 */
export type Planted = Person & {
  entryId: string;
  how:
    | 'name'
    | 'name written differently'
    | 'document'
    | 'exact name, other birth date'
    | 'entry changed, same name'
    | 'entry not in the delta';
  alerts: boolean;
};

/** What a load of `next` after `previous` writes: entries added, entries changed, and those it leaves alone. */
export async function deltaOf(source: ListSource, previous: string, next: string) {
  const read = async (file: string) => {
    const entries = new Map<string, WatchlistEntry>();
    for await (const e of source.parse(createReadStream(path.join(BUNDLED_DIR, file)))) entries.set(e.id, e);
    return entries;
  };
  const [before, after] = await Promise.all([read(previous), read(next)]);
  const all = [...after.values()];
  return {
    added: all.filter((e) => !before.has(e.id)),
    changed: all.filter((e) => before.has(e.id) && before.get(e.id)!.hash !== e.hash),
    untouched: all.filter((e) => before.get(e.id)?.hash === e.hash),
  };
}

const shiftYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

/** The planted persons: every individual the delta adds, by name and by document, and the persons who must not alert. */
export function plant(
  delta: { added: WatchlistEntry[]; changed: WatchlistEntry[]; untouched: WatchlistEntry[] },
  rng: Rng,
  controls: number,
): Planted[] {
  const person = (entry: WatchlistEntry, name: string, extra: Partial<Person> = {}) => ({
    id: randomUUID(),
    country: 'mx' as const,
    documentId: `X${rng.digits(9)}`,
    name,
    birthDate: exactBirthDate(entry) ?? null,
    entryId: entry.id,
    ...extra,
  });
  const individual = (e: WatchlistEntry) => e.kind === 'individual';
  const planted: Planted[] = [];
  for (const entry of delta.added.filter(individual)) {
    planted.push({ ...person(entry, writtenAsPerson(entry.name)), how: 'name', alerts: true });
    planted.push({
      ...person(entry, nearMiss(entry.name, rng, { typos: false })),
      how: 'name written differently',
      alerts: true,
    });
    const document = entry.documents.find((d) => d.number.length >= 5);
    if (document)
      planted.push({
        ...person(entry, writtenAsPerson(entry.name), { documentId: document.raw, birthDate: null }),
        how: 'document',
        alerts: true,
      });
    const birthDate = exactBirthDate(entry);
    if (birthDate && rng.chance(0.5)) {
      planted.push({
        ...person(entry, writtenAsPerson(entry.name), { birthDate: shiftYears(birthDate, -12) }),
        how: 'exact name, other birth date',
        alerts: true,
      });
    }
  }
  // The changed entries in these two snapshots keep their names (a program or a remark changed).
  for (const entry of delta.changed.filter(individual))
    planted.push({ ...person(entry, writtenAsPerson(entry.name)), how: 'entry changed, same name', alerts: false });
  const untouched = delta.untouched.filter(individual);
  for (let i = 0; i < controls && untouched.length > 0; i++) {
    const entry = untouched[rng.int(0, untouched.length - 1)]!;
    planted.push({ ...person(entry, writtenAsPerson(entry.name)), how: 'entry not in the delta', alerts: false });
  }
  return planted;
}

const CHUNK = 10_000;

/**
 * `count` persons of one owner, enrolled in monitoring: the planted ones, and common Latin American
 * persons (the seed's name pools, national ids, birth dates) for the rest. Profiles in bulk through
 * jsonb_to_recordset, enrolments through the domain's own `enrol` (enrolmentKeys), a chunk at a time.
 */
export async function enrolPersons(
  db: Db,
  ownerId: string,
  count: number,
  planted: readonly Person[],
  rng: Rng,
  onProgress?: (done: number) => void,
) {
  const now = new Date();
  for (let done = 0; done < count;) {
    const size = Math.min(CHUNK, count - done);
    const chunk: Person[] = [];
    for (let i = 0; i < size; i++) {
      const at = done + i;
      if (at < planted.length) chunk.push(planted[at]!);
      else {
        const { country, person, documentId } = commonPerson(rng, now);
        chunk.push({ id: randomUUID(), country, documentId, name: person.name, birthDate: person.birthDate });
      }
    }
    const rows = chunk.map((p) => ({
      id: p.id,
      owner_id: ownerId,
      country: p.country,
      document_id: p.documentId,
      name: p.name,
      birth_date: p.birthDate,
    }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into profile (id, owner_id, country, document_id, name, birth_date, status)
        select x.id, x.owner_id, x.country::country, x.document_id, x.name, x.birth_date, 'PASSED'
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, owner_id uuid, country text, document_id text, name text, birth_date date)`);
      await enrol(
        tx,
        chunk.map((p) => enrolmentKeys({ ...p, ownerId })),
        'owner',
        null,
      );
    });
    done += size;
    onProgress?.(done);
  }
}
