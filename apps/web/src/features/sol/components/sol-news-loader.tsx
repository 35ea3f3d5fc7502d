import { lazy, Suspense } from 'react';
import { whenPainted } from '../../../lib/after-first-paint.ts';
import { withCatalogue } from '../../../lib/i18n.ts';
import { solNewsDismissed } from '../utils/news-storage.ts';

/** The longest the notice waits for the main thread to be idle (a page that is never idle still gets it). */
const IDLE_TIMEOUT_MS = 4000;

/** Once the main thread has nothing left to do (the list's rows are in). */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });

/** What ends a page's loading for the browser (largest contentful paint stops there): a key, a tap or click, a scroll. */
const INTERACTIONS = ['keydown', 'pointerdown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * Settles at the visitor's first interaction with the page since the app started (listened for from the
 * start, so one made before the news is wanted counts): the news is not part of the page's load.
 */
const interacted =
  typeof window === 'undefined'
    ? new Promise<void>(() => undefined)
    : new Promise<void>((resolve) => {
        const done = () => {
          for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
          resolve();
        };
        for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
      });

/**
 * Shown at once, over the list, the news was the page's largest paint on a first visit; as a
 * notice once the list was idle, it still was (its text is larger than anything the list paints). It waits
 * for the first paint, the visitor's first interaction with the page and an idle main thread.
 */
const SolNews = lazy(() =>
  whenPainted(() => interacted)
    .then(whenIdle)
    .then(withCatalogue(() => import('./sol-news.tsx'), 'more')),
);

/** Tiny, in the layout: loads the news notice's chunk only for a user who has not dismissed it. */
export function SolNewsLoader({ userId }: { userId: string | undefined }) {
  if (!userId || solNewsDismissed(userId)) return null;
  return (
    <Suspense fallback={null}>
      <SolNews userId={userId} />
    </Suspense>
  );
}
