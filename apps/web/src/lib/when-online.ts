/**
 * Resolves at once while the browser says it has a network, else on its next `online` event. What
 * loads a page part waits here: fetched offline, the part fails, and a failed part reloads the page
 * (chunk-reload.ts), which offline is the browser's own error page instead of the app and its banner.
 */
export function whenOnline(): Promise<void> {
  // No window: the server, or a test's jsdom torn down while a part was on its way.
  if (typeof window === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
