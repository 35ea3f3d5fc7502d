import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { scopesForRoles } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../testing/data.ts';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { AppProvider } from '../provider.tsx';
import { GuardedOutlet } from '../guards/guarded-outlet.tsx';
import { ErrorRoute } from '../routes/error.tsx';

function signedIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  storeTokens(buildTokens());
  const user = buildUser(overrides);
  stubApi({ 'GET /api/auth/user': () => json(200, { user }) });
  return user;
}

describe('route guards', () => {
  it('authenticated: a deep link goes to sign-in remembering the page, and comes back after', async () => {
    const user = buildUser();
    stubApi({
      'POST /api/auth/login': () => json(200, buildTokens()),
      'GET /api/auth/user': () => json(200, { user }),
    });
    const { router } = renderApp('/persons/co?tab=reports');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/persons/co?tab=reports')}`);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.username } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Persons in Colombia' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/persons/co?tab=reports');
  });

  it.each([
    ['/webhooks', 'No tiene permiso para realizar esta acción.', '/es'],
    ['/persons/co/upload', 'You do not have permission to do this.', ''],
    ['/pipelines', 'You do not have permission to do this.', ''],
  ])('scope: a viewer opening %s by address is told, and the page asks nothing', async (path, text, prefix) => {
    storeTokens(buildTokens());
    const user = buildUser({ roles: ['viewer'], scope: scopesForRoles(['viewer']) });
    const requests = stubApi({ 'GET /api/auth/user': () => json(200, { user }) });
    renderApp(`${prefix}${path}`);
    expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeTruthy();
    const asked = requests.map((r) => new URL(r.url).pathname);
    expect(asked.filter((p) => /webhooks|csv|pipelines/.test(p))).toEqual([]);
  });

  it('userdata: shows the loader until the user record is in, then the page', async () => {
    signedIn();
    renderApp('/persons/mx');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Persons in Mexico' })).toBeTruthy();
  });

  it('userdata: an inactive account sees the not-authorized message', async () => {
    signedIn({ status: 'inactive' });
    renderApp('/persons/mx');
    expect(await screen.findByText('Account not authorized, please contact us.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Persons in Mexico' })).toBeNull();
  });

  it('exempt pages open without signing in', async () => {
    stubApi({});
    renderApp('/es/forms/abc123');
    expect(await screen.findByRole('heading', { name: 'Formulario' })).toBeTruthy();
  });

  it('an unknown guard is a 500 error', async () => {
    stubApi({});
    const router = createMemoryRouter([
      { path: '/', element: <GuardedOutlet />, errorElement: <ErrorRoute />, handle: { guards: ['nope'] } },
    ]);
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unknown route guard: nope' })).toBeTruthy();
    expect(screen.getByText('Status 500')).toBeTruthy();
  });
});
