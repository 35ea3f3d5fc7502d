import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { hasToken } from '../lib/auth-storage.ts';
import { i18nReady } from '../lib/i18n.ts';
import { prefetchPublicConfig } from '../lib/public-config.ts';
import { prefetchUser } from '../features/auth/api/get-user.ts';
import { guardsFor, routeHandle } from './guards/guards.ts';
import { App } from './index.tsx';
import { routes } from './router.tsx';

/**
 * Starts loading the lazy modules of the page the app opens on at once, alongside the catalogue, instead
 * of after it (issue #11). A guarded page only when signed in: otherwise the sign-in page is what shows.
 */
function preloadInitialRoute(pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (guardsFor(matches.map((m) => m.route)).length > 0 && !hasToken()) return;
  for (const match of matches) routeHandle(match.route).prefetch?.().catch(() => undefined);
}

/**
 * Starts the app in `root` at the current URL: index.html's entry (main.tsx), and the sign-in page's own
 * bundle once someone has signed in there (sign-in-main.tsx).
 */
export function bootApp(root: HTMLElement): void {
  preloadInitialRoute(window.location.pathname);
  // What the first render waits for, asked now rather than after the catalogue and the chunks (issue #11).
  prefetchPublicConfig();
  if (hasToken()) prefetchUser();

  // The URL's catalogue is its own chunk (lib/i18n.ts): render once it is in, so no key ever flashes.
  void i18nReady.finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
