/**
 * Name normalisation for matching, the same for list entries and the persons screened against them.
 * Pure functions; each choice is said once, next to where it is made.
 */

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

/**
 * Lowercase; accents and ñ folded to the base letter (NFD, marks dropped: "Peña" → "pena");
 * apostrophes dropped without a gap ("O'Neil" → "oneil", OFAC's ayn in "'ABD" → "abd");
 * any other punctuation is a word gap ("GARCIA-LOPEZ" → "garcia lopez"); spaces collapsed.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .replace(/['’‘`´ʼ]/g, '')
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
