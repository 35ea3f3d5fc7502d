// Mantine's global styles before any component's (each component's own come with it: vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasToken } from './lib/auth-storage.ts';
import { i18nReady } from './lib/i18n.ts';
import { rootElement } from './lib/root-element.ts';
import { SignInApp } from './sign-in/sign-in-app.tsx';
import { prefetchConfig } from './sign-in/use-config-request.ts';

/**
 * sign-in.html's entry: the sign-in page without the app's shell. With a stored session the
 * app itself starts instead (its /login route moves on to the page asked for); after a sign-in here, the
 * app starts at that page in the same document, once its code is in.
 */
const root = rootElement();
const startApp = () => import('./app/boot.tsx');

if (hasToken()) {
  void startApp().then(({ bootApp }) => bootApp(root));
} else {
  const configAnswered = prefetchConfig();
  const atMostASecond = new Promise((resolve) => setTimeout(resolve, 1000));
  // The first render waits for the catalogue and (a second at most) for /api/config, as the app's does
  // (app/boot.tsx): then it is the form itself, not a loader the form replaces in another render.
  void Promise.allSettled([i18nReady, Promise.race([configAnswered, atMostASecond])]).then(() => {
    const page = createRoot(root);
    const onSignedIn = async (target: string) => {
      const { bootApp } = await startApp();
      page.unmount();
      window.history.replaceState(null, '', target);
      void bootApp(root);
    };
    // A transition, so React renders the page in slices between which the browser stays responsive.
    startTransition(() =>
      page.render(
        <StrictMode>
          <SignInApp onSignedIn={onSignedIn} />
        </StrictMode>,
      ),
    );
  });
}
