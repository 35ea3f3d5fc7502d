// The app's start on a page load that came with its frame drawn by the server (a persons list page,
// apps/server's plugins/web-shell.ts). The page's first paint needs the document alone: the app's modules
// are asked for once that frame is on screen (the browser's first contentful paint), all at once
// (`data-preload`), and run when they are in, so neither their download nor their evaluation holds the
// paint back. Built on its own into dist/after-frame.js (build/after-frame.ts), from the helpers the app
// uses for the same steps on every other page.
import { openBrowserStores } from './lib/browser-stores.ts';
import { onFirstContentfulPaint } from './lib/first-contentful-paint.ts';
import { startIntlWarmup } from './lib/intl-warmup.ts';
import { nextTask } from './lib/next-task.ts';

/** The longest the wait for the paint lasts: a page loaded in a background tab paints only when shown. */
const LONGEST_WAIT_MS = 200;
/** Links added per task: each starts its fetch as it is added, and a list page's all in one task was a long one. */
const LINKS_PER_TASK = 3;

const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]')!;
// The browser's Intl data, loaded off the main thread while the page paints and its modules arrive; the
// app's boot then leaves it alone (the script is marked).
if (startIntlWarmup(document.documentElement.lang)) script.dataset.intlWarmup = 'started';
// The cookie jar and the tab's session storage, opened a task each while the page paints.
await openBrowserStores();
await new Promise<void>((resolve) => {
  let stop = () => {};
  const painted = () => {
    clearTimeout(timer);
    stop();
    resolve();
  };
  const timer = setTimeout(painted, LONGEST_WAIT_MS);
  stop = onFirstContentfulPaint(painted);
});
const hrefs = (script.dataset.preload ?? '').split(' ').filter(Boolean);
for (let i = 0; i < hrefs.length; i += 1) {
  if (i > 0 && i % LINKS_PER_TASK === 0) await nextTask();
  document.head.append(
    Object.assign(document.createElement('link'), { rel: 'modulepreload', href: hrefs[i], crossOrigin: '' }),
  );
}
// What index.html runs before the app's modules (see the file), then the app: first the chunks its entry
// imports, one import (and so one task of evaluation) each, so no single task evaluates the whole app.
const run = (href: string) => import(/* @vite-ignore */ href);
await run('/zod-jitless.js');
for (const href of (script.dataset.staged ?? '').split(' ').filter(Boolean)) await run(href);
await run(script.dataset.appEntry!);
