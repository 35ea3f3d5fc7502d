import { distance } from 'fastest-levenshtein';

/**
 * Name scoring part by part: each word of the typed name against its best partner among the
 * listed name's words, by edit distance and by a phonetic key for Spanish and Portuguese, so one typo in
 * a name of two or more parts costs one part a little, not the whole name's trigrams. Both sides are
 * names.ts nameTokens (folded, particles dropped); a repeated word ("LOPEZ LOPEZ SANTIAGO") keeps its
 * count: each word is matched once.
 */

/**
 * Spanish and Portuguese spellings of one sound brought to one form: the silent h, b/v, s/z/soft c (and
 * ç, folded to c before this), ll/y/i, qu/k/hard c, gu/g and soft g/j, ph/f, doubled letters.
 */
export function phoneticKey(part: string): string {
  let key = KEYS.get(part);
  if (key === undefined) {
    if (KEYS.size >= KEYS_KEPT) KEYS.clear();
    key = spokenAs(part);
    KEYS.set(part, key);
  }
  return key;
}

/** The keys of words seen lately: the lists' words come back on every screening. */
const KEYS = new Map<string, string>();
const KEYS_KEPT = 100_000;

function spokenAs(part: string): string {
  return part
    .replace(/ph/g, 'f')
    .replace(/ll/g, 'y')
    .replace(/qu/g, 'k')
    .replace(/gu([ei])/g, 'g$1')
    .replace(/g([ei])/g, 'j$1')
    .replace(/c([eiy])/g, 's$1')
    .replace(/c/g, 'k')
    .replace(/(^|[^cs])h/g, '$1')
    .replace(/v/g, 'b')
    .replace(/z/g, 's')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Edit distance where swapping two neighbouring letters is one edit, as any other typo. */
export function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2) ? 1 : d;
}

const GENDER_ENDING = /[ao]$/;

/**
 * How alike two words are, 0..1: the same (1), the same sound (0.92), one typo in a word of four letters
 * or more (0.9) or of three (0.8), two in a word of eight or more (0.8); otherwise unrelated (0). Words
 * that differ only by a final a or o are the two genders of one name (Daniel / Daniela, Mario / María):
 * different names, not a typo.
 */
export function partSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 3) return 0;
  if (a.replace(GENDER_ENDING, '') === b.replace(GENDER_ENDING, '')) return 0;
  if (phoneticKey(a) === phoneticKey(b)) return 0.92;
  // More than two letters longer: no typo or two apart.
  if (Math.abs(a.length - b.length) > 2) return 0;
  const d = editDistance(a, b);
  if (d === 1) return shorter >= 4 ? 0.9 : 0.8;
  if (d === 2 && shorter >= 8) return 0.8;
  return 0;
}

/**
 * Containment with the listed surnames typed the other way round ("María Hernández Salazar" inside
 * "SALAZAR HERNANDEZ, Maria Alejandrina"): Hernández Salazar and Salazar Hernández are two families, so
 * it weighs as little as two words inside a longer name, below the default threshold.
 */
const SWAPPED_SURNAMES = 0.78;

export type PartsScore = {
  /** 0..1 for the whole name. */
  score: number;
  /** Words of each side matched to a word of the other. */
  matched: number;
  person: number;
  listed: number;
};

/**
 * Scores a typed name against a listed one from their words:
 *  - every word of both sides paired: the mean of the pairs' similarities (one typo in two words: 0.95);
 *  - every word of the shorter side paired (containment): evidence only when the shorter side has three
 *    words or more (0.85 + 0.15 × its share of the longer, times the pairs' mean). Two words inside a longer
 *    name are weak: a typed given name and surname with the maternal surname left out against a
 *    three-word listed name (the word left being where its maternal surname is, `maternal`) scores 0.84 × the pairs' mean (an exact one just reaches the default
 *    threshold, a typo'd one does not); against four words or more, or a listed two-word name inside a
 *    longer typed one, 0.78 × the mean (below it: "María García" is not "GARCÍA LÓPEZ, María Guadalupe");
 *  - otherwise what share of the longer side was matched.
 * A one-word name on either side matches only the same word. `surnames`: the positions in `listed` of
 * its surnames, in their order, when the listed name says which they are ("SURNAMES, Given"); a
 * containment that pairs them in the other order in `person` is weak (SWAPPED_SURNAMES). Left empty when
 * the typed name's order is not known (monitoring keeps its words sorted). `maternal`: the positions in `listed`
 * where a maternal surname may be — the last in "Given PATERNAL MATERNAL" (the default); SAT writes
 * "PATERNAL MATERNAL Given", so a listed name with no comma may have it second as well.
 */
export function scoreParts(
  person: readonly string[],
  listed: readonly string[],
  {
    maternal = [listed.length - 1],
    surnames = [],
  }: { maternal?: readonly number[]; surnames?: readonly number[] } = {},
): PartsScore {
  const pairs: { i: number; j: number; s: number }[] = [];
  person.forEach((a, i) =>
    listed.forEach((b, j) => {
      const s = partSimilarity(a, b);
      if (s > 0) pairs.push({ i, j, s });
    }),
  );
  pairs.sort((x, y) => y.s - x.s || x.i - y.i || x.j - y.j);
  const [usedP, usedL] = [new Set<number>(), new Set<number>()];
  const kept: typeof pairs = [];
  let sum = 0;
  for (const p of pairs) {
    if (usedP.has(p.i) || usedL.has(p.j)) continue;
    usedP.add(p.i);
    usedL.add(p.j);
    kept.push(p);
    sum += p.s;
  }
  const matched = usedP.size;
  const result = (score: number) => ({ score, matched, person: person.length, listed: listed.length });
  if (matched === 0) return result(0);
  const mean = sum / matched;
  const [short, long] = [Math.min(person.length, listed.length), Math.max(person.length, listed.length)];
  if (long === 1) return result(mean === 1 ? 1 : 0);
  if (matched === long) return result(mean);
  if (matched === short && short >= 3) {
    const partner = new Map(kept.map((p) => [p.j, p.i]));
    const order = surnames.filter((j) => partner.has(j)).map((j) => partner.get(j)!);
    const swapped = order.some((i, k) => k > 0 && i < order[k - 1]!);
    return result(mean * (swapped ? SWAPPED_SURNAMES : 0.85 + 0.15 * (short / long)));
  }
  if (matched === short && short === 2) {
    const left = listed.findIndex((_, j) => !usedL.has(j));
    const droppedSurname = person.length === 2 && listed.length === 3 && maternal.includes(left);
    return result(mean * (droppedSurname ? 0.84 : 0.78));
  }
  return result(sum / long);
}
