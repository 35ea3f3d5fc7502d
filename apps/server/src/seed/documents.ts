import {
  cpfCheckDigits,
  curpCheckDigit,
  documentRules,
  ecCedulaCheckDigit,
  rutCheckDigit,
  type CatalogueCountry,
  type DocumentType,
} from '@centinela/shared';
import { ascii } from './names.ts';
import type { Person } from './person.ts';
import type { Rng } from '../lib/rng.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const birthYear = (p: Person) => Number(p.birthDate.slice(0, 4));

const VOWELS = 'AEIOU';
const firstInner = (word: string, wantVowel: boolean) =>
  [...word.slice(1)].find((c) => VOWELS.includes(c) === wantVowel && /[A-Z]/.test(c)) ?? 'X';

/** A CURP derived from the person's own name, birth date, sex and state, as RENAPO builds it. */
function curp(p: Person, rng: Rng): string {
  const up = (s: string | null) =>
    ascii(s ?? 'X')
      .toUpperCase()
      .replace(/[^A-Z]/g, '');
  const names = p.given.split(' ').map(up);
  // "José Luis" and "María José" are filed under the second given name.
  const given = (names.length > 1 && ['JOSE', 'MARIA'].includes(names[0]!) ? names[1] : names[0]) ?? 'X';
  const s1 = up(p.surname1);
  const s2 = up(p.surname2);
  const [y, m, d] = p.birthDate.split('-');
  const homoclave = birthYear(p) < 2000 ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25));
  const first17 =
    s1[0]! +
    firstInner(s1, true) +
    s2[0]! +
    given[0]! +
    y!.slice(2) +
    m! +
    d! +
    (p.sex === 'F' ? 'M' : 'H') +
    (p.place.code ?? 'DF') +
    firstInner(s1, false) +
    firstInner(s2, false) +
    firstInner(given, false) +
    homoclave;
  // The check digit is RENAPO's; the random draw that once stood for it stays, so the draws after it do not move.
  rng.int(0, 9);
  return first17 + curpCheckDigit(first17)!;
}

/** National ids shaped like the real ones, with real check digits where the document has them. */
const NATIONAL: Record<CatalogueCountry, (p: Person, rng: Rng) => string> = {
  // DNIs are issued in sequence, so the number tracks the birth year.
  ar: (p, rng) => String((birthYear(p) - 1940) * 700_000 + rng.int(0, 699_999)),
  br: (p, rng) => {
    const first9 = rng.digits(8) + (p.place.code ?? '8');
    return first9 + cpfCheckDigits(first9);
  },
  cl: (p, rng) => {
    const body = String(5_000_000 + (birthYear(p) - 1960) * 400_000 + rng.int(0, 399_999));
    return `${body}-${rutCheckDigit(body)}`;
  },
  // Ten-digit cédulas replaced the eight-digit series for people registered from the mid-1980s.
  co: (p, rng) =>
    String(birthYear(p) >= 1984 ? rng.int(1_000_000_000, 1_152_999_999) : rng.int(10_000_000, 98_999_999)),
  cr: (p, rng) => `${p.place.code ?? '1'}${pad(rng.int(100, 1999), 4)}${pad(rng.int(1, 9999), 4)}`,
  ec: (p, rng) => {
    const first9 = `${p.place.code ?? '17'}${rng.int(0, 5)}${rng.digits(6)}`;
    return first9 + ecCedulaCheckDigit(first9);
  },
  mx: curp,
  pa: (p, rng) => `${p.place.code ?? '8'}-${rng.int(1, 999)}-${rng.int(1, 9999)}`,
  pe: (_p, rng) => pad(rng.int(10_000_000, 79_999_999), 8),
};

const FOREIGN: Partial<Record<CatalogueCountry, (rng: Rng) => string>> = {
  br: (rng) => `${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(6)}-${rng.int(0, 9)}`,
  co: (rng) => String(rng.int(100_000, 9_999_999)),
  cr: (rng) => `1862${rng.digits(8)}`, // 862: Venezuela
  pa: (rng) => `E-8-${rng.int(1, 199_999)}`,
  pe: (rng) => pad(rng.int(1, 999_999_999), 9),
};

const passport = (rng: Rng) => `${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${rng.digits(7)}`;

/** Most people show their national id; a few a foreigner's id (where one exists) or a passport. */
export function pickDocumentType(country: CatalogueCountry, rng: Rng): DocumentType {
  if (rng.chance(0.92)) return 'national_id';
  return FOREIGN[country] && rng.chance(0.7) ? 'foreign_id' : 'passport';
}

export type SandboxSuffix = '13' | '99';

/**
 * A document id for the person. The sandbox provider reads the last two characters (13: criminal
 * record, 99: source failure), so an id ends in one only when `want` asks for it; a format whose end
 * is a check digit may not manage it, and the caller learns that from `suffix`.
 */
export function documentId(
  country: CatalogueCountry,
  type: DocumentType,
  person: Person,
  rng: Rng,
  want: SandboxSuffix | null,
): { id: string; suffix: SandboxSuffix | null } {
  if (!documentRules(country).some((r) => r.type === type)) throw new Error(`${country} does not accept ${type}`);
  const make = () =>
    type === 'national_id'
      ? NATIONAL[country](person, rng)
      : type === 'foreign_id'
        ? FOREIGN[country]!(rng)
        : passport(rng);
  const plain = (id: string) => !id.endsWith('13') && !id.endsWith('99');
  let id = make();
  for (let tries = 0; tries < 2000; tries++, id = make()) {
    if (want && id.endsWith(want)) return { id, suffix: want };
    if (!want && plain(id)) return { id, suffix: null };
  }
  while (!plain(id)) id = make();
  return { id, suffix: null };
}
