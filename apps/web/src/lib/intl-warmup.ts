/** public/intl-warmup.js, the worker that loads the browser's Intl data off the main thread. */
export const INTL_WARMUP_WORKER = '/intl-warmup.js';

/**
 * Starts loading the browser's Intl data (ICU) in a worker, for `tag`'s language. The first formatter of a
 * page pays for it in one task that no split can shorten; the data is the renderer process's, not the
 * thread's, so once the worker has asked, the main thread's formatters cost next to nothing. Whether it
 * started: without workers, or refused, the first formatter pays as before.
 */
export function startIntlWarmup(tag: string): boolean {
  if (typeof Worker === 'undefined') return false;
  try {
    new Worker(INTL_WARMUP_WORKER, { name: tag });
    return true;
  } catch {
    return false;
  }
}

/**
 * The warm-up for a page the app starts itself; a drawn list page started it already (after-frame.ts
 * marks its script `data-intl-warmup`).
 */
export function warmIntlOffThread(tag: string): void {
  if (document.querySelector('script[data-intl-warmup]')) return;
  startIntlWarmup(tag);
}
