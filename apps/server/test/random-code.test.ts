import { describe, expect, test } from 'vitest';
import { CODE_ALPHABET, newLinkCode, randomCode } from '../src/lib/random-code.ts';

describe('form and candidate codes: every character equally likely', () => {
  test('each character is one pick below the alphabet’s size, mapped one to one', () => {
    const asked: number[] = [];
    let next = 0;
    const code = randomCode(CODE_ALPHABET.length, (max) => {
      asked.push(max);
      return next++;
    });
    expect(asked).toEqual(Array(CODE_ALPHABET.length).fill(31));
    expect(code).toBe(CODE_ALPHABET);
  });

  // A byte modulo 31 gives the first eight characters 9 bytes of 256 and the others 8: over 200,000 draws
  // that is a chi-square near 560; a uniform pick stays near its 30 degrees of freedom (above 100: p < 1e-9).
  test('over 10,000 codes the characters’ counts fit a uniform draw (chi-square, 30 degrees of freedom)', () => {
    const counts = new Map<string, number>([...CODE_ALPHABET].map((c) => [c, 0]));
    for (let i = 0; i < 10_000; i++) for (const c of newLinkCode()) counts.set(c, counts.get(c)! + 1);
    expect([...counts.keys()].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    const draws = 10_000 * 20;
    const expected = draws / CODE_ALPHABET.length;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(100);
  });
});
