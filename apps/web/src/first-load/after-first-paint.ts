import { onFirstContentfulPaint } from './first-contentful-paint.ts';
import { nextTask } from '../lib/next-task.ts';
import { whenOnline } from '../lib/when-online.ts';

/** The longest the wait lasts: a page loaded in a background tab paints only when shown. */
const LONGEST_WAIT_MS = 3000;

let painted: Promise<void> | null = null;

/**
 * Resolves once the document has had its first contentful paint: what the page can do without (the
 * toast viewport, the navbar figures, the realtime socket)
 * loads after it, so it does not share the network with what the first paint needs.
 * At once where that paint has happened already (the app started after a sign-in) or the browser does
 * not report paints (jsdom); once the app has replaced the frame the server drew (a persons list page
 * load, apps/server's plugins/web-shell.ts); after 3 s at the latest.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    // Never on the server, which renders a page's frame as its first paint shows it: without these
    // (src/shell/render-shell.tsx).
    if (typeof window === 'undefined') return;
    const timer = setTimeout(() => done(), LONGEST_WAIT_MS);
    let stop = () => {};
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    // A page load that came with its frame drawn by the server (data-shell) has painted it before any of
    // this ran: what waits here waits for the app's own first paint instead, the frame's replacement.
    const shell = document.querySelector('[data-shell]');
    if (shell?.parentNode) {
      const observer = new MutationObserver(() => {
        if (shell.isConnected) return;
        requestAnimationFrame(() => setTimeout(done, 0));
      });
      observer.observe(shell.parentNode, { childList: true });
      stop = () => observer.disconnect();
      return;
    }
    stop = onFirstContentfulPaint(done);
  });
  return painted;
}

/**
 * `load()`, once the first contentful paint is on screen, in a task of its own (each dynamic import adds
 * its preload links and styles to the document: a dozen of them in one task was one long task), and
 * while the browser has a network (when-online.ts).
 */
export function whenPainted<T>(load: () => Promise<T>): Promise<T> {
  return afterFirstPaint().then(nextTask).then(whenOnline).then(load);
}
