/**
 * A request the first render needs, started at start-up (main.tsx) alongside the catalogue and the page's
 * chunks instead of after them (one round trip less before the first paint). The first query
 * to ask takes it; later asks fetch afresh. A first render that waited for it can read its answer at
 * once (`answer`), instead of rendering a loader that the answer then replaces.
 */
export function early<T>(fetcher: () => Promise<T>) {
  let started: Promise<T> | null = null;
  let answered: { value: T } | null = null;
  return {
    start(): void {
      const request = fetcher();
      started = request;
      answered = null;
      request.then(
        (value) => {
          if (started === request) answered = { value };
        },
        () => undefined, // whoever takes it sees the failure
      );
    },
    /** Resolves once the started request has been answered or has failed (at once when none was started). */
    settled(): Promise<void> {
      return (started ?? Promise.resolve()).then(
        () => undefined,
        () => undefined,
      );
    },
    /** The started request's answer, once it has come and until it is taken. */
    answer(): T | undefined {
      return answered?.value;
    },
    take(): Promise<T> {
      const request = started ?? fetcher();
      started = null;
      answered = null;
      return request;
    },
  };
}
