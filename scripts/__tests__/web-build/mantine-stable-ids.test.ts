// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { useId as mantineUseId } from '@mantine/hooks';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, test } from 'vitest';
import { MANTINE_USE_ID, mantineStableIds, STABLE_USE_ID } from '../../../apps/web/build/mantine-stable-ids.ts';
import { useId as stableUseId } from '../../../apps/web/build/mantine-use-id.ts';

// @mantine/hooks as the app resolves it.
const WEB = path.resolve(import.meta.dirname, '../../../apps/web');
const require = createRequire(path.join(WEB, 'package.json'));
const hooks = path.resolve(path.dirname(require.resolve('@mantine/hooks')), '..');
const useIdModule = path.join(hooks, 'esm', 'use-id', 'use-id.mjs');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How many times a component calling `useId` renders as it mounts, and the ids it got. */
function mount(useId: (staticId?: string) => string) {
  const ids: string[] = [];
  function Field() {
    ids.push(useId());
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(Field)));
  act(() => root.unmount());
  return ids;
}

// Fails when a Mantine upgrade moves its useId or stops re-rendering for it: the plugin would then replace
// nothing, or nothing that needs replacing, and should go (docs/decisions/0009-build-plugins-kept.md).
test("Mantine's useId renders a component twice as it mounts, and every Mantine package takes it from the module the plugin replaces", () => {
  const ids = mount(mantineUseId);
  expect(ids).toHaveLength(2);
  expect(ids[1]).not.toBe(ids[0]);
  expect(MANTINE_USE_ID.test(useIdModule)).toBe(true);
  expect(readFileSync(path.join(hooks, 'esm', 'index.mjs'), 'utf8')).toContain('from "./use-id/use-id.mjs"');
});

test('the replacement renders once, with the id Mantine starts with, and the plugin puts it in that module alone', () => {
  const ids = mount(stableUseId);
  expect(ids).toHaveLength(1);
  expect(ids[0]).toMatch(/^mantine-/);
  const transform = mantineStableIds().transform as (code: string, id: string) => { code: string } | null;
  expect(transform('', useIdModule)?.code).toBe(`export { useId } from ${JSON.stringify(STABLE_USE_ID)};\n`);
  expect(transform('', path.join(hooks, 'esm', 'use-idle', 'use-idle.mjs'))).toBeNull();
});
