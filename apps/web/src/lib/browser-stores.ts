import { nextTask } from './next-task.ts';

/**
 * The browser's stores a page's start reads: the cookie jar (the locale cookie, on the root path) and the
 * tab's session storage (react-router, as it starts). The first read of each is a synchronous call to the
 * browser process, slow on a busy host, inside whatever task makes it: a React slice or the
 * router's start became a long task. Read once here, each in a task of its own, later reads
 * cost next to nothing. src/after-frame.ts does the same on a page whose frame the server drew.
 */
const OPENERS: (() => unknown)[] = [() => document.cookie, () => window.sessionStorage.length];

export async function openBrowserStores(): Promise<void> {
  for (const open of OPENERS) {
    await nextTask();
    try {
      open();
    } catch {
      // Storage or cookies disabled: whoever reads them later finds out (react-router reads inside a try).
    }
  }
}
