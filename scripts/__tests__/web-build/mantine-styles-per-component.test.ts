import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  CLASS_NAMES_MODULE,
  GLOBAL_STYLESHEETS,
  mantineStylesPerComponent,
} from '../../../apps/web/build/mantine-styles-per-component.ts';

// @mantine/core as the app resolves it; its files as the bundler names them.
const WEB = path.resolve(import.meta.dirname, '../../../apps/web');
const require = createRequire(path.join(WEB, 'package.json'));
const core = path.resolve(path.dirname(require.resolve('@mantine/core')), '..');
const modules = readdirSync(path.join(core, 'esm'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => path.join(core, 'esm', file))
  .filter((file) => CLASS_NAMES_MODULE.test(file));
const stylesheets = readdirSync(path.join(core, 'styles')).filter(
  (file) => file.endsWith('.css') && !file.endsWith('.layer.css'),
);

/** The stylesheet the plugin makes a class-names module import. */
function importedStylesheet(file: string) {
  const transform = mantineStylesPerComponent().transform as (code: string, id: string) => { code: string } | null;
  return /^import '([^']+)';\n/.exec(transform('', file)?.code ?? '')?.[1];
}

// Fails when a Mantine upgrade renames its class-names modules or stylesheets, or moves a component's class
// names elsewhere: components would then render without their styles (or with the whole sheet back).
test("every Mantine component's class-names module imports the stylesheet that defines those names", async () => {
  expect(modules.length).toBeGreaterThan(50);
  for (const file of modules) {
    const specifier = importedStylesheet(file);
    expect(specifier, file).toMatch(/^@mantine\/core\/styles\/[A-Za-z]+\.css$/);
    const css = readFileSync(require.resolve(specifier!), 'utf8');
    // The module's names, as the stylesheet's classes (or keyframes: Indicator's `processing`).
    const names = Object.values(((await import(file)) as { default: Record<string, string> }).default);
    expect(
      names.filter((name) => !new RegExp(`\\b${name}\\b`).test(css)),
      file,
    ).toEqual([]);
  }
});

test("every Mantine stylesheet but the global ones (src/main.tsx's) belongs to a component's class names", () => {
  const imported = new Set(modules.map((file) => path.basename(importedStylesheet(file)!)));
  expect(stylesheets.filter((css) => !imported.has(css)).sort()).toEqual(
    GLOBAL_STYLESHEETS.map((name) => `${name}.css`).sort(),
  );
});
