// The app's start on a page load that came with its frame drawn by the server (a persons list page,
// apps/server's plugins/web.ts). The page's first paint needs the document alone: the app's
// modules are asked for once that frame is on screen (the browser's first contentful paint), all at once
// (`data-preload`), and run when they are in, so neither their download nor their evaluation holds the
// paint back. The wait is a fifth of a second at most (a page loaded in a background tab paints only when
// shown).
const script = document.querySelector('script[data-app-entry]');
// The browser's Intl data, loaded off the main thread while the page paints and its modules arrive
// (src/lib/intl-warmup.ts, which the app's boot then leaves alone: the script is marked).
try {
  new Worker('/intl-warmup.js', { name: document.documentElement.lang });
  script.dataset.intlWarmup = 'started';
} catch {
  // The app's first formatter loads it.
}
// A few links per task (below): each one starts its fetch as it is added, and
// the fifteen-odd of a list page in one task made one long task.
const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
// The cookie jar and the tab's session storage, opened a task each while the page paints: the app's start
// reads both, and the first read of each is a synchronous call to the browser (src/lib/browser-stores.ts).
for (const open of [() => document.cookie, () => sessionStorage.length]) {
  await nextTask();
  try {
    open();
  } catch {
    // Disabled: the app's own reads find out.
  }
}
await new Promise((resolve) => {
  const timer = setTimeout(resolve, 200);
  const painted = () => {
    clearTimeout(timer);
    resolve();
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return requestAnimationFrame(() => setTimeout(painted, 0));
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    painted();
  });
  observer.observe({ type: 'paint', buffered: true });
});
const hrefs = script.dataset.preload.split(' ').filter(Boolean);
for (let i = 0; i < hrefs.length; i += 1) {
  if (i > 0 && i % 3 === 0) await nextTask();
  const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: hrefs[i], crossOrigin: '' });
  document.head.append(link);
}
// What index.html runs before the app's modules (see the file), then the app: first the chunks its entry
// imports, one import (and so one task of evaluation) each, so no single task evaluates the whole app.
await import('/zod-jitless.js');
for (const href of (script.dataset.staged ?? '').split(' ').filter(Boolean)) await import(href);
await import(script.dataset.appEntry);
