import type { TListAuditEventsResponse } from '@centinela/shared';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { staff } from './support/management.ts';

describe('management: audit log', () => {
  test('lists changes newest first with filters; a manager sees only their own owner’s', async ({ app }) => {
    const admin = await staff(app, 'admin');
    const m = await signedIn(app, ['manager']);
    const other = await signedIn(app, ['manager']);
    await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { emails: ['a1@acme.test'], roles: ['viewer'], availableCountries: ['co'] },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: other.headers,
      payload: { emails: ['b1@other.test'], roles: ['viewer'], availableCountries: ['co'] },
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: admin.headers,
      payload: { ids: [m.owner.id], changes: { deferredApiSync: true } },
    });
    const list = async (headers: Record<string, string>, qs = '') => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/audit-events?${qs}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TListAuditEventsResponse>();
    };

    const mine = await list(m.headers);
    expect(mine.items.every((e) => e.ownerId === m.owner.id)).toBe(true);
    expect(mine.items.map((e) => e.action)).toEqual(['owner.update', 'user.create', 'auth.login']);
    expect(mine.items[0]?.actor?.username).toBe(admin.user.username);
    expect(JSON.stringify(mine)).not.toContain('b1@other.test');

    expect((await list(admin.headers, 'action=user.')).items.map((e) => e.changes?.username).sort()).toEqual([
      'a1@acme.test',
      'b1@other.test',
    ]);
    expect((await list(admin.headers, 'entityType=owner')).items.map((e) => e.entityId)).toEqual([m.owner.id]);
    expect(
      (await list(admin.headers, `actor=${encodeURIComponent(other.user.username)}&action=user.create`)).total,
    ).toBe(1);
    expect((await list(admin.headers, `to=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).items).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/audit-events?ownerId=${other.owner.id}`, headers: m.headers }))
        .statusCode,
    ).toBe(403);
  });

  test('sign-ins, exports and API key rotations are in the log, with who and what (never the key itself)', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const people = [await createProfile(db, m.owner.id), await createProfile(db, m.owner.id)];
    const exported = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/export',
      headers: m.headers,
      payload: { format: 'csv', ids: people.map((p) => p.id) },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: m.headers,
      payload: { name: 'ERP' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json<{ apiKey: { id: string }; key: string }>();
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${apiKey.id}/rotate`,
      headers: m.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(201);

    const response = await app.inject({ method: 'GET', url: '/api/v1/audit-events', headers: m.headers });
    const { items } = response.json<TListAuditEventsResponse>();
    expect(items.map((e) => e.action)).toEqual(['api_key.rotate', 'api_key.create', 'profiles.export', 'auth.login']);
    expect(items.every((e) => e.actor?.username === m.user.username)).toBe(true);
    expect(items.find((e) => e.action === 'profiles.export')?.changes).toMatchObject({ format: 'csv' });
    expect(response.body).not.toContain(key);
    expect(response.body).not.toContain(rotated.json<{ key: string }>().key);
  });
});
