/**
 * Name normalisation for matching, the same for list entries and the persons screened against them.
 * Pure functions; each choice is said once, next to where it is made.
 */
import { BLANK_LOOKING, nonAsciiSkeleton } from './skeleton.ts';

/** Letters NFD does not split into a base letter and a mark. */
const UNSPLIT_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Joining words written or left out at will ("Juan de la Cruz" / "Juan Cruz", "bin Laden" / "Laden"):
 * dropped from the comparison keys. Not "ben" or "le", which are also given names.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'e',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'du',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'bin',
  'bint',
  'ibn',
  'al',
  'el',
]);

const APOSTROPHES = /['’‘`´ʼ]/g;
const dropMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * One normal form for every name, on every path (lists loaded, persons screened, enrolments):
 *  - apostrophes dropped without a gap ("O'Neil" → "oneil", OFAC's ayn in "'ABD" → "abd"), before NFKC,
 *    which would turn "´" into a space and an accent;
 *  - NFKC: fullwidth and other compatibility forms become the letters they stand for ("Ｊｏａｑｕｉｎ");
 *  - blank-looking fillers (Hangul filler, Braille blank, default-ignorables) become a word gap;
 *  - accents and ñ folded to the base letter (NFD, marks dropped: "Peña" → "pena"), and the letters NFD
 *    does not split ("ß" → "ss");
 *  - what is left outside ASCII reduced to its confusables skeleton (skeleton.ts: "Јоаquіn" with Cyrillic
 *    letters → "Joaquin"), marks dropped again; then lowercase;
 *  - any other punctuation is a word gap ("GARCIA-LOPEZ" → "garcia lopez"); spaces collapsed.
 * Only the comparison keys are folded; a name is always shown as written.
 */
export function foldText(text: string): string {
  const unsplit = dropMarks(text.replace(APOSTROPHES, '').normalize('NFKC').replace(BLANK_LOOKING, ' ')).replace(
    /[ßæœøłđðþıẞÆŒØŁĐÐÞ]/g,
    (letter) => UNSPLIT_LETTERS[letter.toLowerCase()] ?? letter,
  );
  return dropMarks(nonAsciiSkeleton(unsplit))
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "SURNAME, Given" (OFAC, SAT-style input) → "Given SURNAME"; a name with no or several commas stays as written. */
export function givenNameFirst(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const [surname = '', given = ''] = parts.map((part) => part.trim());
  return surname && given ? `${given} ${surname}` : name;
}

/** Entities keep their word order: "CIMEX, S.A." is not "S.A. CIMEX". */
export type NameOptions = { individual?: boolean };

/** The name folded, in "given surname" order for individuals, particles kept (for similarity scoring). */
export function normalizeName(name: string, { individual = true }: NameOptions = {}): string {
  return foldText(individual ? givenNameFirst(name) : name);
}

/** The words that identify: folded, particles dropped (all kept when the name is only particles). */
export function nameTokens(name: string, options: NameOptions = {}): string[] {
  const tokens = normalizeName(name, options).split(' ').filter(Boolean);
  const meaningful = tokens.filter((token) => !NAME_PARTICLES.has(token));
  return meaningful.length > 0 ? meaningful : tokens;
}

/** Comparison key in written order: "PÉREZ DE LA CRUZ, José" → "jose perez cruz". */
export function nameKey(name: string, options: NameOptions = {}): string {
  return nameTokens(name, options).join(' ');
}

/** Order-insensitive key: "Given SURNAME", "SURNAME Given" and "SURNAME, Given" agree. */
export function sortedNameKey(name: string, options: NameOptions = {}): string {
  return nameTokens(name, options).sort().join(' ');
}
