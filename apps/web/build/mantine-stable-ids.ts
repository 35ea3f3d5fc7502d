import path from 'node:path';
import type { Plugin } from 'vite';

/** @mantine/hooks's `useId`, which every Mantine input, chip, select and popover calls for its ids. */
export const MANTINE_USE_ID = /[/\\]@mantine[/\\]hooks[/\\]esm[/\\]use-id[/\\]use-id\.mjs$/;

/** The module that takes its place. */
export const STABLE_USE_ID = path.resolve(import.meta.dirname, 'mantine-use-id.ts');

/**
 * Mantine's `useId` without its second render. Mantine's hook starts with React's id and, in a
 * layout effect after the component mounts, swaps it for a random one: a state change during the commit,
 * which React renders again synchronously, in the same task, for every Mantine input or chip on the page.
 * On the persons list that re-render was two thirds of the first commit's task (docs/decisions/0009).
 * scripts/__tests__/web-build/ fails when Mantine's module stops doing that, or moves.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'centinela:mantine-stable-ids',
    enforce: 'pre',
    transform(_code, id) {
      return MANTINE_USE_ID.test(id)
        ? { code: `export { useId } from ${JSON.stringify(STABLE_USE_ID)};\n`, map: null }
        : null;
    },
  };
}
