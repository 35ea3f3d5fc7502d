/**
 * Calls `painted` once the document has had its first contentful paint: at once where it has already, or
 * where the browser does not report paints (jsdom). Returns what stops the wait.
 */
export function onFirstContentfulPaint(painted: () => void): () => void {
  const reports =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!reports || performance.getEntriesByName('first-contentful-paint').length > 0) {
    painted();
    return () => {};
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) painted();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}
