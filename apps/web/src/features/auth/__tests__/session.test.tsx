import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

describe('session', () => {
  it('sends signed-out visitors from home to sign-in', async () => {
    stubApi({});
    const { router } = renderApp('/es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/es/login');
  });

  it('says who you are in the account menu, platform staff when there is no owner; no card under the list', async () => {
    storeTokens(buildTokens());
    const user = buildUser({ owner: null, roles: ['admin'] });
    stubApi({ 'GET /api/auth/user': () => json(200, { user }) });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }));
    expect(await screen.findByText(user.username)).toBeTruthy();
    expect(screen.getByText('Platform staff · Administrator')).toBeTruthy();
    // the "Welcome" account card sat below the whole persons list.
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();
  });

  it('refreshes once on token_expired, then retries', async () => {
    storeTokens({ token: 'old', refreshToken: 'r1' });
    const user = buildUser();
    const requests = stubApi({
      'GET /api/auth/user': [() => json(401, { code: 'token_expired', message: 'expired' }), () => json(200, { user })],
      'POST /api/auth/refresh': () => json(200, buildTokens({ token: 'new', refreshToken: 'r2' })),
    });
    renderApp('/');
    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 });
    expect(window.localStorage.getItem('auth._token.local')).toBe('Bearer new');
    const refresh = requests.find((r) => r.url.endsWith('/api/auth/refresh'));
    expect(await refresh?.json()).toEqual({ refreshToken: 'r1' });
    expect(
      requests
        .filter((r) => r.url.endsWith('/api/auth/user'))
        .at(-1)
        ?.headers.get('Authorization'),
    ).toBe('Bearer new');
  });

  it('resets auth state on any other 401', async () => {
    storeTokens(buildTokens());
    stubApi({ 'GET /api/auth/user': () => json(401, { code: 'unauthenticated', message: 'no' }) });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('auth._token.local')).toBeNull();
    expect(window.localStorage.getItem('auth._refresh_token.local')).toBeNull();
  });

  it('signs out through POST /api/v1/users/logout (SPEC §7): clears the session and goes to / (then sign-in)', async () => {
    storeTokens(buildTokens());
    const user = buildUser();
    const requests = stubApi({
      'GET /api/auth/user': () => json(200, { user }),
      'POST /api/v1/users/logout': () => json(200, { ok: true }),
    });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }));
    // jsdom never finishes Mantine's open transition, so the dropdown counts as hidden here.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('auth._token.local')).toBeNull();
    expect(document.cookie).not.toContain('auth._token.local=');
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/v1/users/logout'))).toBe(true),
    );
    expect(requests.some((r) => r.url.endsWith('/api/auth/logout'))).toBe(false);
  });

  it('a user deactivated mid-session (403 account_not_authorized) is signed out and told why (SPEC §4, §8)', async () => {
    storeTokens(buildTokens());
    const user = buildUser({ scope: ['profiles:read'] });
    stubApi({
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/profiles': () =>
        json(403, { code: 'account_not_authorized', message: 'Account not authorized, please contact us.' }),
      'GET /api/v1/profiles/counts': () =>
        json(403, { code: 'account_not_authorized', message: 'Account not authorized, please contact us.' }),
      'GET /api/v1/pipelines': () =>
        json(403, { code: 'account_not_authorized', message: 'Account not authorized, please contact us.' }),
    });
    const { router } = renderApp('/es/persons/co');
    await screen.findByRole('heading', { name: 'Iniciar sesión' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/es/login');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'Cuenta no autorizada, por favor contáctenos.',
    );
    expect(window.localStorage.getItem('auth._token.local')).toBeNull();
    expect(window.localStorage.getItem('auth._refresh_token.local')).toBeNull();
  });
});
