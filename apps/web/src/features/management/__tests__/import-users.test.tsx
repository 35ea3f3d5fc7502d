import { scopesForRoles } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const page = { items: [], total: 0, page: 1, pageSize: 25 };

function signedIn(configured: boolean) {
  storeTokens(buildTokens());
  const user = buildUser({ roles: ['manager'], scope: scopesForRoles(['manager']) });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/users': () => json(200, page),
    'GET /api/v1/identity/status': () =>
      json(200, configured ? { configured: true, provider: 'scim' } : { configured: false, provider: null }),
    'GET /api/v1/identity/users': () =>
      json(200, {
        items: [
          { externalId: 'u-1', email: 'ana@acme.test', displayName: 'Ana Pérez', active: true, imported: false },
          { externalId: 'u-2', email: 'old@acme.test', displayName: 'Old Hand', active: true, imported: true },
          { externalId: 'u-3', email: null, displayName: 'Robot', active: true, imported: false },
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    'POST /api/v1/identity/import': () => json(201, { created: [], rejected: [] }),
  });
}

describe('management: import from the identity service', { timeout: 20_000 }, () => {
  it('without a provider the import button is not offered', async () => {
    signedIn(false);
    renderApp('/management/users');
    await screen.findByRole('button', { name: 'Add users' }, { timeout: 8_000 });
    expect(screen.queryByRole('button', { name: 'Import users' })).toBeNull();
  });

  it('lists the provider’s users; those already users or without email cannot be chosen; imports the chosen ones', async () => {
    const requests = signedIn(true);
    renderApp('/management/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Import users' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from the identity service' });
    const ana = await within(dialog).findByLabelText('Select ana@acme.test');
    expect((within(dialog).getByLabelText('Select old@acme.test') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Select Robot') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(ana);
    fireEvent.click(within(dialog).getByLabelText('Analyst'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 user' }));
    const isImport = (r: Request) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/identity/import';
    await waitFor(() => expect(requests.some(isImport)).toBe(true));
    const post = requests.find(isImport);
    expect(await post?.clone().json()).toEqual({ externalIds: ['u-1'], roles: ['analyst'] });
  });
});
