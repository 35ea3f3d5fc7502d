import type { ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * The chunks a list page loads once its first paint is on screen (src/lib/after-first-paint.ts's
 * `whenPainted`), by name: the toasts' viewport, the navigation bar, the pickers' and menus' real widgets,
 * the navbar's figures. apps/server's plugins/web-preloads.ts inlines their styles in a drawn page
 * (its AFTER_PAINT_PARTS, which scripts/__tests__/web-build checks is this list).
 */
export const AFTER_PAINT_CHUNKS = [
  'toast-viewport',
  'progress-bar',
  'floating',
  'date-range-input',
  'navbar-metrics',
  'open-alerts-count',
  'free-plan-banner',
];

const afterPaint = new RegExp(`(^|/)(${AFTER_PAINT_CHUNKS.join('|')})-[\\w-]{8}\\.js$`);

/**
 * Vite's preload list for a dynamic import (build.modulePreload.resolveDependencies): none for the parts
 * loaded after the first paint (issue #27). Vite's helper adds a `<link rel="modulepreload">` per chunk
 * the part imports, all in the task that asks for the part, ~1 ms each, and a part with a dozen new chunks
 * (the popovers') made that task a long one. Without them the browser fetches the part's imports itself as
 * it reads the part: a round trip more for a part nobody is waiting for. Styles keep their links. (Vite's
 * file names end in an 8-character hash: floating-ui's own chunk is not the floating part.)
 */
export const afterPaintPreloads: ResolveModulePreloadDependenciesFn = (file, deps, { hostType }) =>
  hostType === 'js' && afterPaint.test(file) ? [] : deps;
