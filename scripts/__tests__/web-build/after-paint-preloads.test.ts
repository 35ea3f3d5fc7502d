import { expect, test } from 'vitest';
import { AFTER_PAINT_PARTS } from '../../../apps/server/src/plugins/web-preloads.ts';
import { AFTER_PAINT_CHUNKS, afterPaintPreloads } from '../../../apps/web/build/after-paint-preloads.ts';

const deps = ['assets/Popover-a1.js', 'assets/floating-ui-DwZ_KKqS.js'];

test('a part loaded after the first paint preloads none of its imports; anything else keeps them (issue #27)', () => {
  expect(
    afterPaintPreloads('assets/floating-Xy_12-ab.js', deps, { hostId: 'assets/list-1.js', hostType: 'js' }),
  ).toEqual([]);
  expect(
    afterPaintPreloads('assets/toast-viewport-9Ab_cd-e.js', deps, { hostId: 'assets/shell-1.js', hostType: 'js' }),
  ).toEqual([]);
  // floating-ui is not floating; a route's chunk and index.html's own preloads keep theirs.
  for (const file of ['assets/floating-ui-DwZ_KKqS.js', 'assets/person-C7DuMZQH.js'])
    expect(afterPaintPreloads(file, deps, { hostId: 'assets/list-1.js', hostType: 'js' })).toEqual(deps);
  expect(afterPaintPreloads('assets/floating-Xy_12-ab.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(
    deps,
  );
});

test("the build's list of after-paint parts is the server's, which inlines their styles", () => {
  expect([...AFTER_PAINT_CHUNKS].sort()).toEqual([...AFTER_PAINT_PARTS].sort());
});
