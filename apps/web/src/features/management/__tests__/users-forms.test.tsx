import { scopesForRoles, type Role, type TManagedUser } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function managedUser(username: string, overrides: Partial<TManagedUser> = {}): TManagedUser {
  return {
    id: crypto.randomUUID(),
    username,
    owner: { id: '00000000-0000-4000-8000-00000000000a', codeName: 'acme', name: 'Acme', active: true },
    roles: ['analyst'],
    status: 'active',
    availableCountries: ['co'],
    defaultCountry: 'co',
    defaultLocale: 'en',
    apiKeyMode: 'owner',
    lastLoginAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function signedInManager(users: TManagedUser[], handlers: Parameters<typeof stubApi>[0] = {}) {
  storeTokens(buildTokens());
  const roles: Role[] = ['manager'];
  const user = buildUser({ roles, scope: scopesForRoles(roles) });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/users': () => json(200, { items: users, total: users.length, page: 1, pageSize: 25 }),
    'GET /api/v1/identity/status': () => json(200, { configured: false, provider: null }),
    ...handlers,
  });
}

const bodyOf = async (requests: Request[], method: string, path: string) => {
  const request = requests.find((r) => r.method === method && new URL(r.url).pathname === path);
  return request ? ((await request.json()) as unknown) : undefined;
};

describe('management: users forms', { timeout: 20_000 }, () => {
  it('bulk create: flags repeated and invalid emails as typed, sends only the rest, offers no role above the manager', async () => {
    const requests = signedInManager([], {
      'POST /api/v1/users': () =>
        json(201, {
          created: [managedUser('ana@acme.test')],
          rejected: [{ email: 'luis@acme.test', reason: 'exists' }],
        }),
    });
    renderApp('/management/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add users' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    fireEvent.change(within(dialog).getByLabelText('Emails', { exact: false }), {
      target: { value: 'Ana@acme.test, luis@acme.test\nana@acme.test\nnot-an-email' },
    });
    const flagged = within(dialog).getByTestId('flagged-emails');
    expect(flagged.textContent).toContain('ana@acme.test: repeated in the list, rejected');
    expect(flagged.textContent).toContain('not-an-email: not a valid email');
    expect(within(dialog).getByText('2 emails ready')).toBeTruthy();
    // Only the roles a manager may grant.
    expect(within(dialog).queryByLabelText('Admin')).toBeNull();
    expect(within(dialog).queryByLabelText('Support')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 users' }));
    expect(await within(dialog).findByText('Choose at least one role.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/users')).toBe(false);

    fireEvent.click(within(dialog).getByLabelText('Analyst'));
    // a user without a country has nothing to work on; the form says so before the server would.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 users' }));
    expect(await within(dialog).findByText('Choose at least one country.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/users')).toBe(false);
    const countries = within(dialog).getByLabelText('Available countries');
    fireEvent.click(countries);
    const listbox = await waitFor(() => {
      const found = document.querySelector(`[role=listbox][aria-labelledby="${countries.id}-label"]`);
      if (!(found instanceof HTMLElement)) throw new Error('no dropdown for Available countries');
      return found;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'Colombia', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 users' }));
    // One was refused by the server: the singular failure message of SPEC §8, with the reason.
    expect(await screen.findByRole('alert', { name: /User creation failed/ }, { timeout: 5_000 })).toBeTruthy();
    expect(await bodyOf(requests, 'POST', '/api/v1/users')).toMatchObject({
      emails: ['ana@acme.test', 'luis@acme.test'],
      roles: ['analyst'],
      availableCountries: ['co'],
    });
    expect(screen.getAllByText(/luis@acme.test: already a user/).length).toBeGreaterThan(0);
  });

  it('multi-edit: changes only the ticked fields of every selected user; a refusal uses the plural message', async () => {
    const a = managedUser('a@acme.test');
    const b = managedUser('b@acme.test');
    const requests = signedInManager([a, b], {
      'PATCH /api/v1/users': [
        () => json(403, { code: 'role_not_grantable', message: 'no' }),
        () => json(200, { items: [a, b] }),
      ],
    });
    renderApp('/management/users');
    await screen.findAllByTestId('user-row', {}, { timeout: 8_000 });
    fireEvent.click(screen.getByLabelText('Select a@acme.test'));
    fireEvent.click(screen.getByLabelText('Select b@acme.test'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 users' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    expect(await within(dialog).findByText('Tick at least one field to change.')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('Change Roles'));
    fireEvent.click(within(dialog).getByLabelText('Viewer'));
    fireEvent.click(within(dialog).getByLabelText('Change Status'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    expect(await screen.findByText('Edit of 2 users failed', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await bodyOf(requests, 'PATCH', '/api/v1/users')).toEqual({
      ids: [a.id, b.id],
      changes: { roles: ['viewer'], status: 'active' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    expect(await screen.findByText('2 users updated.', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit 2 users' })).toBeNull());
  });

  it('a user above the signed-in user’s role cannot be selected, and the owner filter is for platform staff only', async () => {
    storeTokens(buildTokens());
    const support = buildUser({ roles: ['support'], scope: scopesForRoles(['support']), owner: null });
    const admin = managedUser('root@centinela.test', { owner: null, roles: ['admin'] });
    const analyst = managedUser('ana@acme.test');
    stubApi({
      'GET /api/auth/user': () => json(200, { user: support }),
      'GET /api/v1/users': () => json(200, { items: [admin, analyst], total: 2, page: 1, pageSize: 25 }),
      'GET /api/v1/owners': () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
      'GET /api/v1/identity/status': () => json(200, { configured: false, provider: null }),
    });
    renderApp('/management/users');
    await screen.findAllByTestId('user-row', {}, { timeout: 8_000 });
    expect((screen.getByLabelText('Select root@centinela.test') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Select ana@acme.test') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Select all rows on this page'));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(within(screen.getByRole('search', { name: 'Filter users' })).getByLabelText('Owner')).toBeTruthy();
  });
});
