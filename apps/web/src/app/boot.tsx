import { startTransition, StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { LOCALE_TAGS } from '@centinela/shared';
import { hasToken } from '../lib/auth-storage.ts';
import { openBrowserStores } from '../lib/browser-stores.ts';
import { i18nReady } from '../lib/i18n.ts';
import { localeFromPath } from '../lib/locale.ts';
import { nextTask } from '../lib/next-task.ts';
import { warmIntlOffThread } from '../lib/intl-warmup.ts';
import { getPublicConfigQueryOptions, prefetchPublicConfig } from '../lib/public-config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getUserQueryOptions, prefetchUser } from '../features/auth/api/get-user.ts';
import { guardsFor, routeHandle } from './guards/guards.ts';
import { App } from './index.tsx';
import { createAppRouter, warmRouteMatching, type AppRouter } from './router.tsx';
import { installChunkReload } from '../lib/chunk-reload.ts';

/**
 * Starts loading the lazy modules of the page the app opens on at once, alongside the catalogue, instead
 * of after it, and asks for the data its first render needs. A guarded page only when signed
 * in: otherwise the sign-in page is what shows. The routes the router matched: matching them again costs
 * as much as the router's start, so it is done once.
 */
async function preloadInitialRoute(router: AppRouter, queryClient: QueryClient): Promise<void> {
  const { matches } = router.state;
  if (guardsFor(matches.map((m) => m.route)).length > 0 && !hasToken()) return;
  for (const match of matches)
    routeHandle(match.route)
      .prefetch?.()
      .catch(() => undefined);
  await nextTask();
  for (const match of matches) routeHandle(match.route).data?.(queryClient, match.params, window.location.search);
}

/**
 * Starts the app in `root` at the current URL: index.html's entry (main.tsx), and the sign-in page's own
 * bundle once someone has signed in there (sign-in-main.tsx). Resolves with the React root once rendering
 * has started (a test unmounts it).
 */
export async function bootApp(root: HTMLElement): Promise<Root> {
  // The browser's Intl data, loaded in a worker while the network answers: the first render's formatters
  // (rows' dates, chips' figures, the navbar's time zone) then cost the main thread next to nothing.
  warmIntlOffThread(LOCALE_TAGS[localeFromPath(window.location.pathname)]);
  // A component inside a page that fails to load reloads the page as a failed route does (SPEC §2).
  installChunkReload();
  // What the first render waits for, asked now rather than after the catalogue and the chunks.
  prefetchPublicConfig();
  if (hasToken()) prefetchUser();
  const queryClient = createQueryClient();
  // Every page's first render waits for the config (LocaleLayout) and a signed-in one for the user (the
  // guards): in the cache before it, the first render is the page itself, in one time-sliced pass,
  // rather than a loader whose replacement by the page is a blocking render. Not retried
  // here (the pages' own queries retry a failure), and not waited for beyond a second.
  const seeded = Promise.all([
    queryClient.prefetchQuery({ ...getPublicConfigQueryOptions(), retry: false }),
    hasToken() ? queryClient.prefetchQuery({ ...getUserQueryOptions(), retry: false }) : null,
  ]);
  const atMostASecond = new Promise((resolve) => setTimeout(resolve, 1000));

  // The rest in tasks of their own, each short: on a phone, one task of all of them
  // blocked the page.
  //
  // The cookie jar and session storage, opened a task each: the locale layout reads the cookie as it
  // renders, react-router session storage as it starts, and a first read is a call to the browser
  // (browser-stores.ts).
  await openBrowserStores();
  await nextTask();
  warmRouteMatching();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  await preloadInitialRoute(router, queryClient);

  // React attaches its listeners for every event it supports to the root as it makes it (~160 calls):
  // in a task of its own, not in the one that starts the first render.
  await nextTask();
  const reactRoot = createRoot(root);

  // The URL's catalogue is its own chunk (lib/i18n.ts): render once it is in, so no key ever flashes.
  await Promise.allSettled([i18nReady, Promise.race([seeded, atMostASecond])]);
  // A transition, so React renders the first screen in slices between which the browser stays
  // responsive (no long task while the page comes up).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  return reactRoot;
}
