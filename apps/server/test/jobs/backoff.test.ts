import { describe, expect, test } from 'vitest';
import { backoffMs } from '../../src/lib/jobs/index.ts';

describe('back-off', () => {
  test('doubles per attempt from the base, is capped, and adds at most 10% jitter', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 2000, 10_000, () => 0))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffMs(1, 2000, 10_000, () => 0.999)).toBeLessThanOrEqual(2200);
  });
});
