/**
 * How a page's first load stays short: what waits for the first paint, the steps a drawn page's start
 * takes (README.md has the rules). Imported by the app shell (src/app) and components/ui only, through
 * this file (eslint.config.js).
 */
export { afterFirstPaint, whenPainted } from './after-first-paint.ts';
export { openBrowserStores } from './browser-stores.ts';
export { INTL_WARMUP_WORKER, startIntlWarmup, warmIntlOffThread } from './intl-warmup.ts';
