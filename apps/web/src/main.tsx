import { i18nReady } from './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { guardsFor, routeHandle } from './app/guards/guards.ts';
import { App } from './app/index.tsx';
import { routes } from './app/router.tsx';
import { hasToken } from './lib/auth-storage.ts';
import { prefetchPublicConfig } from './lib/public-config.ts';
import { prefetchUser } from './features/auth/api/get-user.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Starts loading the lazy modules of the page the app opens on at once, alongside the catalogue, instead
 * of after it (issue #11). A guarded page only when signed in: otherwise the sign-in page is what shows.
 */
function preloadInitialRoute(pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (guardsFor(matches.map((m) => m.route)).length > 0 && !hasToken()) return;
  for (const match of matches) routeHandle(match.route).prefetch?.().catch(() => undefined);
}
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
