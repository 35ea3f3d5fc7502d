import prototypes from 'unhomoglyph/data.json' with { type: 'json' };

/**
 * Unicode's confusables (UTS #39, confusables.txt, as the unhomoglyph package ships it): each character
 * that looks like another, mapped to its prototype ("Ј" Cyrillic → "J", "ο" Greek → "o").
 */
const PROTOTYPE: Readonly<Record<string, string>> = prototypes;

/**
 * Characters that show as blank space but are letters or symbols, not spaces: the Hangul fillers, the
 * Braille blank and every default-ignorable code point. Typed between words they must still part them,
 * or "Joaquin\u3164Guzman" is one word nothing is listed as.
 */
export const BLANK_LOOKING = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * The confusables skeleton of every character outside ASCII; ASCII itself is left as it is.
 *
 * The full skeleton also folds plain Latin letters into each other ("m" → "rn", "l" → "I", "0" → "O"):
 * applied to both sides it would make "Marin" and "Rarin", "Carmen" and "Carrnen" one name and raise
 * findings on ordinary Latin-American names for nothing. Nobody disguises a name with letters of its own
 * alphabet, so only the characters a Latin keyboard does not type (Cyrillic, Greek, Cherokee, small
 * capitals, mathematical letters…) are replaced by the ASCII letter they imitate. Callers fold accents
 * first, so an accented Latin letter has reached ASCII before this and is never touched.
 */
export function nonAsciiSkeleton(text: string): string {
  return text.replace(/\P{ASCII}/gu, prototypeOf);
}

const dropMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const isAscii = (text: string) => /^\p{ASCII}*$/u.test(dropMarks(text));

/**
 * A character's prototype in its own case ("К" → "K"); when that is not an ASCII letter, the prototype of
 * its capital ("к" looks like the small capital "ĸ", "К" like "K"), so a name's look-alikes fold the same
 * however it is capitalised.
 */
function prototypeOf(char: string): string {
  // Unicode's prototype for everything shaped like a bar is "l"; a capital bar (Cyrillic "І") is an "I".
  const own = PROTOTYPE[char] === 'l' && char !== char.toLowerCase() ? 'I' : (PROTOTYPE[char] ?? char);
  if (isAscii(own)) return own;
  const capital = char.toUpperCase();
  const ofCapital = PROTOTYPE[capital] ?? capital;
  return isAscii(ofCapital) ? ofCapital : own;
}
