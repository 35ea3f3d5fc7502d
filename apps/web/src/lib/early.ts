/**
 * A request the first render needs, started at start-up (main.tsx) alongside the catalogue and the page's
 * chunks instead of after them (issue #11: one round trip less before the first paint). The first query
 * to ask takes it; later asks fetch afresh.
 */
export function early<T>(fetcher: () => Promise<T>) {
  let started: Promise<T> | null = null;
  return {
    start(): void {
      started = fetcher();
      started.catch(() => undefined);
    },
    take(): Promise<T> {
      const request = started ?? fetcher();
      started = null;
      return request;
    },
  };
}
