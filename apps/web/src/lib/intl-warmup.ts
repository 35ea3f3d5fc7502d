/** public/intl-warmup.js, the worker that loads the browser's Intl data off the main thread. */
export const INTL_WARMUP_WORKER = '/intl-warmup.js';

/**
 * Starts loading the browser's Intl data (ICU) in a worker, for `tag`'s language. The first formatter of a
 * page pays for it in one task that no split can shorten; the data is the
 * renderer process's, not the thread's, so once the worker has asked, the main thread's formatters cost
 * next to nothing. A drawn list page started it already (public/after-frame.js marks its script); without workers,
 * or refused, the first formatter pays as before.
 */
export function warmIntlOffThread(tag: string): void {
  if (typeof Worker === 'undefined' || document.querySelector('script[data-intl-warmup]')) return;
  try {
    new Worker(INTL_WARMUP_WORKER, { name: tag });
  } catch {
    // The first formatter loads the data itself.
  }
}
