import { scopesForRoles, type Role } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../testing/data.ts';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

function signedInAs(roles: Role[]) {
  storeTokens(buildTokens());
  const user = buildUser({ roles, scope: scopesForRoles(roles), owner: null });
  const empty = () => json(200, { items: [], total: 0, page: 1, pageSize: 25 });
  stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/owners': empty,
    'GET /api/v1/users': empty,
    'GET /api/v1/identity/status': () => json(200, { configured: false, provider: null }),
  });
  return user;
}

describe('navbar and management layout', () => {
  it('shows management only to users with the scope', async () => {
    signedInAs(['analyst']);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Persons' }).getAttribute('href')).toBe('/persons/mx');
    expect(within(nav).queryByRole('link', { name: 'Management' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Metrics' })).toBeTruthy();
  });

  it('refuses a management page to a user without the scope', async () => {
    signedInAs(['analyst']);
    renderApp('/management/users');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'You do not have permission to do this.');
  });

  it('gives support users the owner sections and the sub-nav', async () => {
    signedInAs(['support']);
    const { router } = renderApp('/es/management/owners');
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Secciones de administración' });
    fireEvent.click(within(sections).getByRole('link', { name: 'Clientes inactivos' }));
    expect(await screen.findByRole('heading', { name: 'Clientes inactivos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/es/management/owners/inactive');
    expect(await screen.findByText('No hay clientes inactivos')).toBeTruthy();
  });

  it('opens the user menu with the username and signs out from it', async () => {
    const user = signedInAs(['admin']);
    const { router } = renderApp('/management/users');
    await screen.findByRole('heading', { name: 'Users' });
    // The menu loads after the page's first paint.
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText(user.username)).toBeTruthy();
    // jsdom never finishes Mantine's open transition, so the dropdown counts as hidden here.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
