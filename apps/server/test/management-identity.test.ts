import { afterAll } from 'vitest';
import type { TCreateUsersResponse, TIdentityStatusResponse, TListExternalUsersResponse } from '@centinela/shared';
import { createUser, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startFakeScim } from './support/fake-scim.ts';
import { staff } from './support/management.ts';

const TOKEN = 'scim-test-token';
const scim = await startFakeScim(TOKEN, [
  { id: 'u-1', userName: 'ana.perez', email: 'Ana.Perez@Acme.test', displayName: 'Ana Pérez' },
  { id: 'u-2', userName: 'luis@acme.test', displayName: 'Luis Gómez' },
  { id: 'u-3', userName: 'no-email', displayName: 'Robot account' },
  { id: 'u-4', userName: 'marta@acme.test', email: 'marta@acme.test', active: false },
  { id: 'u-5', userName: 'existing@acme.test', email: 'existing@acme.test' },
]);
afterAll(() => scim.close());

describe('management: import from the identity service (SCIM 2.0)', () => {
  describe('with a provider configured', () => {
    test.override({ env: { SCIM_BASE_URL: scim.baseUrl, SCIM_TOKEN: TOKEN } });

    test('lists the provider users page by page with the bearer token, marking who is already a user', async ({
      app,
      db,
    }) => {
      const m = await signedIn(app, ['manager']);
      await createUser(db, { ownerId: m.owner.id, roles: ['viewer'], email: 'existing@acme.test' });
      const status = await app.inject({ method: 'GET', url: '/api/v1/identity/status', headers: m.headers });
      expect(status.json<TIdentityStatusResponse>()).toEqual({ configured: true, provider: 'scim' });
      const first = (
        await app.inject({ method: 'GET', url: '/api/v1/identity/users?pageSize=3', headers: m.headers })
      ).json<TListExternalUsersResponse>();
      expect(first.total).toBe(5);
      expect(first.items).toEqual([
        { externalId: 'u-1', email: 'ana.perez@acme.test', displayName: 'Ana Pérez', active: true, imported: false },
        { externalId: 'u-2', email: 'luis@acme.test', displayName: 'Luis Gómez', active: true, imported: false },
        { externalId: 'u-3', email: null, displayName: 'Robot account', active: true, imported: false },
      ]);
      const second = (
        await app.inject({ method: 'GET', url: '/api/v1/identity/users?pageSize=3&page=2', headers: m.headers })
      ).json<TListExternalUsersResponse>();
      expect(second.items.map((u) => [u.externalId, u.active, u.imported])).toEqual([
        ['u-4', false, false],
        ['u-5', true, true],
      ]);
      expect(scim.requests.at(-1)).toEqual({
        url: '/scim/v2/Users?startIndex=4&count=3',
        authorization: `Bearer ${TOKEN}`,
      });
    });

    test('imports the chosen users into the manager’s owner; those without email or unknown are rejected', async ({
      app,
      db,
    }) => {
      const m = await signedIn(app, ['manager']);
      await createUser(db, { ownerId: m.owner.id, roles: ['viewer'], email: 'existing@acme.test' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/identity/import',
        headers: m.headers,
        payload: { externalIds: ['u-1', 'u-2', 'u-3', 'u-5', 'gone'], roles: ['analyst'], availableCountries: ['co'] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const result = response.json<TCreateUsersResponse>();
      expect(result.created.map((u) => [u.username, u.roles, u.owner?.id])).toEqual([
        ['ana.perez@acme.test', ['analyst'], m.owner.id],
        ['luis@acme.test', ['analyst'], m.owner.id],
      ]);
      expect(result.rejected).toEqual(
        expect.arrayContaining([
          { email: 'u-3', reason: 'invalid' },
          { email: 'gone', reason: 'invalid' },
          { email: 'existing@acme.test', reason: 'exists' },
        ]),
      );
      // The role rules hold for imports too.
      const escalate = await app.inject({
        method: 'POST',
        url: '/api/v1/identity/import',
        headers: m.headers,
        payload: { externalIds: ['u-4'], roles: ['admin'] },
      });
      expect(escalate.statusCode).toBe(403);
    });

    test('a provider that refuses the token is a 502 identity_unavailable, not a crash', async ({ app }) => {
      const admin = await staff(app, 'admin');
      // Same service, wrong token: rebuilding the adapter is what a bad SCIM_TOKEN does.
      const { scimDirectory } = await import('../src/domains/identity/scim.ts');
      await expect(scimDirectory(scim.baseUrl, 'wrong').listUsers(1, 10)).rejects.toMatchObject({
        statusCode: 502,
        code: 'identity_unavailable',
      });
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/identity/users', headers: admin.headers })).statusCode,
      ).toBe(200);
    });
  });

  test('without a provider: status says so and listing or importing answers 409 identity_not_configured', async ({
    app,
  }) => {
    const admin = await staff(app, 'admin');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/identity/status', headers: admin.headers })).json(),
    ).toEqual({ configured: false, provider: null });
    const list = await app.inject({ method: 'GET', url: '/api/v1/identity/users', headers: admin.headers });
    expect(list.statusCode).toBe(409);
    expect(list.json()).toEqual({
      code: 'identity_not_configured',
      message: 'No external identity service is configured.',
    });
    const imported = await app.inject({
      method: 'POST',
      url: '/api/v1/identity/import',
      headers: admin.headers,
      payload: { externalIds: ['u-1'], roles: ['support'] },
    });
    expect(imported.statusCode).toBe(409);
  });
});
