import type { CatalogueCountry } from '@centinela/shared';
import { NAMES, ascii } from './names.ts';
import { PLACES, mobilePhone, type Place } from '../domains/reports/sandbox-records/places.ts';
import type { Rng } from '../lib/rng.ts';

export type Person = {
  given: string;
  surname1: string;
  surname2: string | null;
  sex: 'F' | 'M';
  name: string;
  /** YYYY-MM-DD, 22 to 60 years before `now`. */
  birthDate: string;
  place: Place;
  email: string;
  phone: string;
};

// Reserved example domains (RFC 2606): demo addresses must never reach a real inbox.
const DOMAINS = ['example.com', 'example.net', 'example.org'];

const iso = (d: Date) => d.toISOString().slice(0, 10);

export function makePerson(country: CatalogueCountry, rng: Rng, now: Date): Person {
  const pool = NAMES[country];
  const sex = rng.chance(0.5) ? 'F' : 'M';
  const given = rng.pick(sex === 'F' ? pool.female : pool.male);
  const surname1 = rng.pick(pool.surnames);
  let surname2: string | null = rng.chance(pool.twoSurnames) ? rng.pick(pool.surnames) : null;
  if (surname2 === surname1) surname2 = null;
  const name = [given, surname1, surname2].filter(Boolean).join(' ');

  const age = rng.int(22, 60);
  const birth = new Date(Date.UTC(now.getUTCFullYear() - age, rng.int(0, 11), rng.int(1, 28)));
  const place = rng.pick(PLACES[country]);

  const local = ascii(`${given.split(' ')[0]}.${surname1}`)
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
  const email = `${local}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(DOMAINS)}`;
  return {
    given,
    surname1,
    surname2,
    sex,
    name,
    birthDate: iso(birth),
    place,
    email,
    phone: mobilePhone(country, place, rng),
  };
}

/** The day the national id was issued: the 18th birthday or up to a few years later. */
export function issueDate(person: Person, rng: Rng): string {
  const birth = new Date(`${person.birthDate}T00:00:00Z`);
  const issued = new Date(
    Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate() + rng.int(1, 900)),
  );
  return iso(issued);
}
