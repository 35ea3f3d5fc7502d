import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules a component rendering `jsx` breaks, as a web feature file, with the repository's own config. */
async function rulesBroken(jsx: string): Promise<string[]> {
  const code = `import { Loader, Skeleton, Stack } from '@mantine/core';\nexport const C = () => (${jsx});\n`;
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, 'apps/web/src/features/profiles/components/violation.tsx'),
  });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// A label on a role-less div or span is what axe reports as aria-prohibited-attr (serious).
describe('a labelled placeholder', { timeout: 120_000 }, () => {
  test.each([
    ['a Loader', '<Loader aria-label="x" />'],
    ['a Skeleton', '<Skeleton h={60} aria-label="x" />'],
    ['a Stack', '<Stack aria-busy="true" aria-label="x" />'],
    ['a div', '<div aria-label="x" />'],
  ])('%s with a label and no role is refused', async (_, jsx) => {
    expect(await rulesBroken(jsx)).toContain('no-restricted-syntax');
  });

  test.each([
    ['with role="status"', '<Loader role="status" aria-label="x" />'],
    ['rendered as another element', '<Stack component="nav" aria-label="x" />'],
    ['with no label', '<Skeleton h={60} />'],
  ])('%s passes', async (_, jsx) => {
    expect((await rulesBroken(jsx)).filter((rule) => rule === 'no-restricted-syntax')).toEqual([]);
  });
});
