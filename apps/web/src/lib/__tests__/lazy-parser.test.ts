import { describe, expect, it, vi } from 'vitest';
import { lazyParser } from '../http.ts';
import { zodFirst } from '../zod-first.ts';

describe('lazyParser', () => {
  it('loads the schema module only once zod has been evaluated, and once', async () => {
    let zodEvaluated = false;
    // Registered before the parser's own wait on zod, so it runs before the parser goes on.
    void zodFirst().then(() => (zodEvaluated = true));
    const load = vi.fn(async () => {
      expect(zodEvaluated).toBe(true);
      return { parse: (data: unknown) => String(data) };
    });
    const parser = lazyParser(load);
    parser.preload?.();
    expect(load).not.toHaveBeenCalled();
    await expect(parser.parse(42)).resolves.toBe('42');
    await expect(parser.parse(7)).resolves.toBe('7');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
