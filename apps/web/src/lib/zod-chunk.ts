import { z } from 'zod';

// What zod-first.ts imports to have zod's chunk evaluated and warmed up (this module is in that chunk:
// build/shared-chunks.ts). Not `import('zod')`: handing the whole namespace over, the bundler would keep all
// of zod (its 40-odd locales too, four times the size) instead of what the shared schemas use.

const KINDS = ['a', 'b'] as const;

/**
 * A schema of each kind a page's first answers use, built and used once, in three steps that zod-first.ts
 * runs a task apart: zod installs a kind's methods the first time one of that kind is built, and a schema's
 * first parse sets up its checks. Done here rather than in the first schema module's evaluation, which it
 * made a long task. Each throws if its sample
 * no longer matches (a test keeps them honest).
 */
export const WARM_UP_STEPS: (() => void)[] = [
  () => {
    z.string().min(1).max(9).nullable().parse('x');
    z.number().int().parse(1);
    z.boolean().parse(true);
    z.literal(true).parse(true);
  },
  () => {
    z.uuid().parse('3f0c1f6e-8a8f-4b7e-9a55-1d6f0f5e2a10');
    z.iso.datetime({ offset: true }).parse('2026-11-27T12:00:00Z');
    z.enum(KINDS).parse('a');
  },
  () => {
    z.object({
      list: z.array(z.string()),
      byKind: z.record(z.enum(KINDS), z.number().int()),
    }).parse({ list: ['x'], byKind: { a: 1, b: 2 } });
  },
];
