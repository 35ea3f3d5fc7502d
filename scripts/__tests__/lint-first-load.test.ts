import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules `code` breaks as if it were the file `as` of the web app, with the repository's own ESLint config. */
async function rulesBroken(as: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', as) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// A lint resolves the imports it checks (boundaries, import-x): seconds on a busy machine, not what is tested.
const LINT_BUDGET = 120_000;
beforeAll(() => rulesBroken('lib/warm-up.ts', 'export const x = 1;\n'), LINT_BUDGET);

const USE = (from: string) => `import { whenPainted } from '${from}';\nexport const w = whenPainted;\n`;

// src/first-load is the app shell's and components/ui's (eslint.config.js), through its index.
describe('the first-load machinery', { timeout: LINT_BUDGET }, () => {
  test.each([
    ['a feature', 'features/profiles/components/violation.tsx', '../../../first-load/index.ts'],
    ['lib', 'lib/violation.ts', '../first-load/index.ts'],
    ['a generic component', 'components/layouts/violation.tsx', '../../first-load/index.ts'],
  ])('%s may not use it', async (_, as, from) => {
    expect(await rulesBroken(as, USE(from))).toContain('boundaries/dependencies');
  });

  test.each([
    ['the app shell', 'app/violation.tsx', '../first-load/index.ts'],
    ['components/ui', 'components/ui/violation.tsx', '../../first-load/index.ts'],
    ['a file that waits for the paint by name', 'lib/use-realtime.ts', '../first-load/index.ts'],
  ])('%s may, through the index', async (_, as, from) => {
    expect(await rulesBroken(as, USE(from))).toEqual([]);
  });

  test('past the index it may not reach, even from the app shell', async () => {
    expect(await rulesBroken('app/violation.tsx', USE('../first-load/after-first-paint.ts'))).toContain(
      'no-restricted-imports',
    );
  });
});
