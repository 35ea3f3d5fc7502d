import type { TListAuditEventsResponse } from '@centinela/shared';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { staff } from './support/management.ts';

describe('management: audit log', () => {
  test('lists changes newest first with filters; a manager sees only their own owner’s', async ({ app }) => {
    const admin = await staff(app, 'admin');
    const m = await signedIn(app, ['manager']);
    const other = await signedIn(app, ['manager']);
    await app.inject({ method: 'POST', url: '/api/v1/users', headers: m.headers, payload: { emails: ['a1@acme.test'], roles: ['viewer'] } });
    await app.inject({ method: 'POST', url: '/api/v1/users', headers: other.headers, payload: { emails: ['b1@other.test'], roles: ['viewer'] } });
    await app.inject({ method: 'PATCH', url: '/api/v1/owners', headers: admin.headers, payload: { ids: [m.owner.id], changes: { deferredApiSync: true } } });
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

    expect((await list(admin.headers, 'action=user.')).items.map((e) => e.changes?.username).sort()).toEqual(['a1@acme.test', 'b1@other.test']);
    expect((await list(admin.headers, 'entityType=owner')).items.map((e) => e.entityId)).toEqual([m.owner.id]);
    expect((await list(admin.headers, `actor=${encodeURIComponent(other.user.username)}&action=user.create`)).total).toBe(1);
    expect((await list(admin.headers, `to=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).items).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/v1/audit-events?ownerId=${other.owner.id}`, headers: m.headers })).statusCode).toBe(403);
  });
});
