/** SPEC §9: prefetching gives up after 2000 ms and is skipped offline, on 2g or with data saver on. */
export const PREFETCH_TIMEOUT_MS = 2000;

type Importer = () => Promise<unknown>;
type Resolver = (path: string) => Importer[];
type Connection = { saveData?: boolean; effectiveType?: string };

let resolver: Resolver = () => [];
const done = new Set<string>();

/** The router says which lazy modules a path needs (lib cannot import the app's routes). */
export function setPrefetchResolver(next: Resolver): void {
  resolver = next;
  done.clear();
}

export function canPrefetch(nav: Navigator = navigator): boolean {
  if (nav.onLine === false) return false;
  const connection = (nav as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData) return false;
  return !['slow-2g', '2g'].includes(connection?.effectiveType ?? '');
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: PREFETCH_TIMEOUT_MS });
  else setTimeout(run, 0);
}

function withTimeout(work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, PREFETCH_TIMEOUT_MS))]);
}

/**
 * Loads the page modules behind `path` ahead of a likely click (hover or focus on a link). Each path is
 * fetched once; failures are ignored here, the real navigation handles them (and may reload, see lazy-page).
 */
export function prefetchPath(path: string): Promise<void> {
  if (done.has(path) || !canPrefetch()) return Promise.resolve();
  done.add(path);
  return new Promise((resolve) => {
    whenIdle(() => {
      const loads = resolver(path).map((load) => withTimeout(load()).catch(() => done.delete(path)));
      void Promise.all(loads).then(() => resolve());
    });
  });
}
