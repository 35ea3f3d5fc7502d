import type { TPublicConfig } from '@centinela/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, type PendingSignIn } from '../../features/auth/utils/oidc-request.ts';
import { getAuthorization, storeTokens } from '../../lib/auth-storage.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { refreshSession } from '../../lib/refresh-session.ts';
import { buildTokens, buildUser } from '../../testing/data.ts';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { AppProvider } from '../provider.tsx';
import { CallbackRoute } from '../routes/callback.tsx';
import { LoginRoute } from '../routes/login.tsx';

const oidc: NonNullable<TPublicConfig['auth']['oidc']> = {
  issuer: 'http://127.0.0.1:3113',
  authorizationEndpoint: 'http://127.0.0.1:3113/auth',
  endSessionEndpoint: null,
  clientId: 'centinela-web',
  audience: 'http://api.test',
  scope: 'openid profile email',
};
const oidcConfig = () => json(200, { maintenance: false, auth: { strategy: 'oidc', oidc } });

const pending: PendingSignIn = {
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'http://localhost/callback',
  redirect: '/persons/co',
};

// The sign-in page and /callback on their own (the app's router is tested elsewhere).
function renderPages(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/persons/co', element: <p>persons page</p> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/callback', element: <CallbackRoute /> },
    ],
    { initialEntries: [path] },
  );
  // CallbackRoute reads the real URL (the provider's redirect); keep jsdom's in step with the router.
  window.history.replaceState(null, '', path);
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => window.sessionStorage.clear());

describe('OIDC sign-in', () => {
  it('offers the organization button instead of the password form when the strategy is OIDC', async () => {
    stubApi({ 'GET /api/config': oidcConfig });
    renderPages('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with your organization' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('builds the authorize URL with PKCE, state, nonce and audience, and remembers only a safe path', async () => {
    const url = new URL(await buildAuthorizeUrl(oidc, 'es', '/persons/co'));
    const stored = JSON.parse(window.sessionStorage.getItem('auth.oidc.pending')!) as PendingSignIn;
    expect(url.origin + url.pathname).toBe(oidc.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'centinela-web',
      redirect_uri: `${window.location.origin}/es/callback`,
      scope: 'openid profile email',
      state: stored.state,
      nonce: stored.nonce,
      audience: 'http://api.test',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(stored.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(stored.redirect).toBe('/persons/co');
    await buildAuthorizeUrl(oidc, 'en', '//evil.test/x');
    expect(JSON.parse(window.sessionStorage.getItem('auth.oidc.pending')!).redirect).toBeNull();
  });

  it('ignores a callback whose state does not match: back to sign-in, nothing stored, no exchange', async () => {
    window.sessionStorage.setItem('auth.oidc.pending', JSON.stringify(pending));
    const requests = stubApi({});
    const router = renderPages('/callback?code=abc&state=tampered');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.url.includes('/api/auth/oidc/token'))).toBe(false);
    expect(getAuthorization()).toBeNull();
    expect(window.sessionStorage.getItem('auth.oidc.pending')).toBeNull();
  });

  it('ignores a callback without a code, or with no sign-in started in this tab', async () => {
    window.sessionStorage.setItem('auth.oidc.pending', JSON.stringify(pending));
    const requests = stubApi({});
    const router = renderPages(`/callback?state=${pending.state}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.url.includes('/api/auth/oidc/token'))).toBe(false);
  });

  it('redeems the code, stores the tokens under the oidc strategy and goes to the remembered page', async () => {
    window.sessionStorage.setItem('auth.oidc.pending', JSON.stringify(pending));
    const requests = stubApi({
      'POST /api/auth/oidc/token': () =>
        json(200, { ...buildTokens({ token: 'a.b.c', refreshToken: 'r1' }), linked: false }),
      'GET /api/auth/user': () => json(200, { user: buildUser() }),
    });
    const router = renderPages(`/callback?code=abc&state=${pending.state}&iss=x`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/persons/co'));
    const exchange = requests.find((r) => r.url.endsWith('/api/auth/oidc/token'));
    expect(await exchange?.json()).toEqual({
      code: 'abc',
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
      nonce: pending.nonce,
    });
    expect(window.localStorage.getItem('auth._token.oidc')).toBe('Bearer a.b.c');
    expect(window.localStorage.getItem('auth._refresh_token.oidc')).toBe('r1');
    expect(window.localStorage.getItem('auth.strategy')).toBe('oidc');
    expect(window.localStorage.getItem('auth._token.local')).toBeNull();
  });

  it('after linking accounts asks to sign in again', async () => {
    window.sessionStorage.setItem('auth.oidc.pending', JSON.stringify(pending));
    stubApi({ 'GET /api/config': oidcConfig, 'POST /api/auth/oidc/token': () => json(200, { linked: true }) });
    renderPages(`/callback?code=abc&state=${pending.state}`);
    expect(await screen.findByText('Your accounts are now linked. Please sign in again.')).toBeTruthy();
    expect(getAuthorization()).toBeNull();
  });

  it('shows the not-authorized message when the server refuses the identity', async () => {
    window.sessionStorage.setItem('auth.oidc.pending', JSON.stringify(pending));
    stubApi({
      'GET /api/config': oidcConfig,
      'POST /api/auth/oidc/token': () =>
        json(403, { code: 'account_not_authorized', message: 'Account not authorized, please contact us.' }),
    });
    renderPages(`/callback?code=abc&state=${pending.state}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Account not authorized, please contact us.');
    expect(getAuthorization()).toBeNull();
  });

  it('refreshes an OIDC session through the OIDC route', async () => {
    storeTokens({ token: 'a.b.c', refreshToken: 'r1' }, 'oidc');
    const requests = stubApi({
      'POST /api/auth/oidc/refresh': () => json(200, buildTokens({ token: 'd.e.f', refreshToken: 'r2' })),
    });
    expect(await refreshSession()).toBe(true);
    expect(requests).toHaveLength(1);
    expect(window.localStorage.getItem('auth._token.oidc')).toBe('Bearer d.e.f');
    expect(window.localStorage.getItem('auth.strategy')).toBe('oidc');
  });
});
