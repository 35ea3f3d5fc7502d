import { describe, expect, it } from 'vitest';
import { WARM_UP_STEPS } from '../zod-chunk.ts';

describe('the zod warm-up', () => {
  it.each(WARM_UP_STEPS.map((step, i) => [i + 1, step] as const))(
    'step %i builds and parses its samples without an error',
    (_, step) => {
      expect(() => step()).not.toThrow();
    },
  );
});
