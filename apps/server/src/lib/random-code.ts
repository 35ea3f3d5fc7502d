import { randomInt } from 'node:crypto';

/** Lower-case letters and digits without look-alikes (no i, l, o, 0, 1): 31 characters, easy to read aloud. */
export const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A uniform integer in [0, max): crypto.randomInt, which rejects the draws a modulo would skew. */
export type PickBelow = (max: number) => number;

/**
 * `length` characters, each equally likely: a random byte modulo 31 would favour the first eight
 * (256 = 8 × 31 + 8), so each character is a uniform pick from the alphabet instead.
 */
export function randomCode(length: number, pick: PickBelow = randomInt): string {
  return Array.from({ length }, () => CODE_ALPHABET[pick(CODE_ALPHABET.length)]).join('');
}

/**
 * The code of a link handed to someone outside (a form link, a candidate's page): 20 characters (99 bits),
 * unguessable and easy to read aloud. It lives here, below the domains, because both kinds of link mint one.
 */
export const newLinkCode = (): string => randomCode(20);
