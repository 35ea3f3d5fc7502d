import { whenOnline } from './when-online.ts';

/** SPEC §9: at most one reload per 60 000 ms for a page part that failed to load. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
/** Kept for the browser session (SPEC §2), so it survives the reload it guards. */
export const CHUNK_RELOAD_KEY = 'centinela:chunk-reload-at';

function lastReloadAt(): number {
  const value = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
  return Number.isFinite(value) ? value : 0;
}

/**
 * A lazily loaded page part failed (usually a new release removed the old chunk): reload once to get
 * the new build. Returns false — the caller then shows the error — when a reload already happened within
 * the window, so a chunk that is really broken cannot loop the page. A part that failed because the
 * network went away reloads once it is back: reloaded offline, the page would be the browser's error page.
 */
export function reloadForFailedChunk(reload: () => void = () => window.location.reload()): boolean {
  const now = Date.now();
  if (now - lastReloadAt() < CHUNK_RELOAD_WINDOW_MS) return false;
  window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  if (navigator.onLine) reload();
  else void whenOnline().then(reload);
  return true;
}

/**
 * A lazily loaded component inside a page (the flyout, a dialog, Sol's panel, the navbar figures) that
 * failed to load: Vite announces it with `vite:preloadError` on the window. The same once-per-60-s reload
 * as for a route (lazy-page.ts) fetches the new build. Returns the listener's removal.
 */
export function installChunkReload(reload: () => void = () => window.location.reload()): () => void {
  const onPreloadError = () => void reloadForFailedChunk(reload);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
