import { expect, test } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../apps/web/build/compile-hints.ts';

type Entry = { type: 'chunk'; fileName: string; code: string } | { type: 'asset'; fileName: string; source: string };

/** The plugin's last step on a bundle of `entries`, as Vite calls it. */
function generate(entries: Entry[]): Record<string, Entry> {
  const bundle = Object.fromEntries(entries.map((entry) => [entry.fileName, entry]));
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: unknown) => void };
  hook.handler({}, bundle);
  return bundle;
}

test('every chunk starts with the compile hint, and its source map moves down a line with it', () => {
  const map = { version: 3, sources: ['src/a.ts'], names: [], mappings: 'AAAA;AACA' };
  const bundle = generate([
    { type: 'chunk', fileName: 'assets/a.js', code: 'const __vite__mapDeps=1;\nexport const a = 1;\n' },
    { type: 'asset', fileName: 'assets/a.js.map', source: JSON.stringify(map) },
    { type: 'chunk', fileName: 'assets/b.js', code: 'export const b = 2;\n' },
    { type: 'asset', fileName: 'assets/a.css', source: '.a{}' },
  ]);
  const chunk = (name: string) => bundle[name] as Extract<Entry, { type: 'chunk' }>;
  expect(chunk('assets/a.js').code).toBe(`${COMPILE_HINT}const __vite__mapDeps=1;\nexport const a = 1;\n`);
  expect(chunk('assets/b.js').code.startsWith(COMPILE_HINT)).toBe(true);
  expect(JSON.parse((bundle['assets/a.js.map'] as { source: string }).source)).toEqual({
    ...map,
    mappings: ';AAAA;AACA',
  });
  expect((bundle['assets/a.css'] as { source: string }).source).toBe('.a{}');
});

test('the hint is the comment V8 reads, alone on the first line', () => {
  expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
});
