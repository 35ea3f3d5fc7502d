/** The longest the wait lasts: a page loaded in a background tab paints only when shown. */
const LONGEST_WAIT_MS = 3000;

let painted: Promise<void> | null = null;

/**
 * Resolves once the document has had its first contentful paint: what the page can do without (the
 * toast viewport, the select and date pickers' real widgets, the navbar figures, the realtime socket)
 * loads after it, so it does not share the network with what the first paint needs (issue #11).
 * At once where that paint has happened already (the app started after a sign-in) or the browser does
 * not report paints (jsdom); after 3 s at the latest.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const reports = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!reports || performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, LONGEST_WAIT_MS);
  });
  return painted;
}

/** `load`, once the first contentful paint is on screen (React.lazy's loader for what can wait for it). */
export function afterPaint<T>(load: () => Promise<T>): () => Promise<T> {
  return () => afterFirstPaint().then(load);
}
