import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TIssuedApiKey, TListApiKeysResponse } from '@centinela/shared';
import { apiKeys, auditEvents, owners, users } from '../src/db/schema/index.ts';
import { verifyApiKey } from '../src/domains/api-keys/verify.ts';
import { createApiKey, createUser, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { staff } from './support/management.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('management: API keys', () => {
  test('an owner key is shown once, stored as sha256, listed by prefix and last use, rotated and revoked', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: m.headers,
      payload: { name: 'ERP integration' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json<TIssuedApiKey>();
    expect(key).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey).toMatchObject({
      ownerId: m.owner.id,
      userId: null,
      name: 'ERP integration',
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key);

    // The list never carries the key again; a use shows as last use.
    await verifyApiKey(db, key);
    const listed = await app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: m.headers });
    expect(listed.body).not.toContain(key);
    const [item] = listed.json<TListApiKeysResponse>().items;
    expect(item).toMatchObject({ id: apiKey.id, prefix: apiKey.prefix });
    expect(item?.lastUsedAt).not.toBeNull();

    const rotated = await app.inject({
      method: 'POST',
      url: `/api/v1/api-keys/${apiKey.id}/rotate`,
      headers: m.headers,
    });
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json<TIssuedApiKey>();
    expect(next.key).not.toBe(key);
    // Rotation is a new secret for the same key: same id and name, a new prefix, no use yet.
    expect(next.apiKey).toMatchObject({ id: apiKey.id, name: 'ERP integration', lastUsedAt: null, revokedAt: null });
    expect(key.startsWith(next.apiKey.prefix)).toBe(false);
    await expect(verifyApiKey(db, key)).rejects.toMatchObject({ statusCode: 401 });
    expect(await verifyApiKey(db, next.key)).toMatchObject({ keyId: apiKey.id, ownerId: m.owner.id, userId: null });
    const afterRotation = await app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: m.headers });
    expect(afterRotation.json<TListApiKeysResponse>().items.map((k) => k.id)).toEqual([apiKey.id]);

    // DELETE of the key's one id revokes whatever its secret is now.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${apiKey.id}`, headers: m.headers })).statusCode,
    ).toBe(204);
    await expect(verifyApiKey(db, next.key)).rejects.toMatchObject({ statusCode: 401 });
    // Revoking twice changes nothing; an id that never was a key is 404.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${apiKey.id}`, headers: m.headers })).statusCode,
    ).toBe(204);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/v1/api-keys/00000000-0000-4000-8000-000000000000',
          headers: m.headers,
        })
      ).statusCode,
    ).toBe(404);
    // A revoked key cannot be rotated back to life.
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/api-keys/${next.apiKey.id}/rotate`, headers: m.headers }))
        .statusCode,
    ).toBe(404);
    const actions = (await db.select().from(auditEvents).where(eq(auditEvents.entityType, 'api_key')))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(['api_key.create', 'api_key.revoke', 'api_key.rotate']);
  });

  test('a deactivated owner’s key and an inactive user’s key stop working', async ({ app, db }) => {
    const admin = await staff(app, 'admin');
    const m = await signedIn(app, ['manager']);
    const ownerKey = await createApiKey(db, m.owner.id);
    const worker = await createUser(db, { ownerId: m.owner.id, roles: ['analyst'] });
    await db.update(users).set({ apiKeyMode: 'own' }).where(eq(users.id, worker.id));
    const userKey = await createApiKey(db, m.owner.id, { userId: worker.id });
    expect(await verifyApiKey(db, userKey.key)).toMatchObject({ userId: worker.id });

    await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: admin.headers,
      payload: { ids: [m.owner.id], changes: { active: false } },
    });
    await expect(verifyApiKey(db, ownerKey.key)).rejects.toMatchObject({
      statusCode: 403,
      code: 'account_not_authorized',
    });
    await expect(verifyApiKey(db, userKey.key)).rejects.toMatchObject({ statusCode: 403 });
    await db.update(owners).set({ active: true }).where(eq(owners.id, m.owner.id));
    expect(await verifyApiKey(db, ownerKey.key)).toMatchObject({ ownerId: m.owner.id });

    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, worker.id));
    await expect(verifyApiKey(db, userKey.key)).rejects.toMatchObject({ statusCode: 403 });
    // Back to the owner's key: their own key is no longer theirs to use.
    await db.update(users).set({ status: 'active', apiKeyMode: 'owner' }).where(eq(users.id, worker.id));
    await expect(verifyApiKey(db, userKey.key)).rejects.toMatchObject({ statusCode: 401 });
  });

  test('a user key needs api_key_mode own; another owner’s keys and users are 404', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const worker = await createUser(db, { ownerId: m.owner.id, roles: ['analyst'] });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: m.headers,
      payload: { userId: worker.id, name: 'Mine' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('api_key_mode_owner');
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { ids: [worker.id], changes: { apiKeyMode: 'own' } },
    });
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: m.headers,
      payload: { userId: worker.id, name: 'Mine' },
    });
    expect(made.statusCode).toBe(201);
    const own = (
      await app.inject({ method: 'GET', url: `/api/v1/api-keys?userId=${worker.id}`, headers: m.headers })
    ).json<TListApiKeysResponse>();
    expect(own.items.map((k) => k.userId)).toEqual([worker.id]);

    const stranger = await signedIn(app, ['manager']);
    const theirKey = await createApiKey(db, stranger.owner.id);
    for (const request of [
      { method: 'POST' as const, url: `/api/v1/api-keys/${theirKey.id}/rotate` },
      { method: 'DELETE' as const, url: `/api/v1/api-keys/${theirKey.id}` },
      { method: 'GET' as const, url: `/api/v1/api-keys?userId=${stranger.user.id}` },
      { method: 'POST' as const, url: '/api/v1/api-keys', payload: { userId: stranger.user.id, name: 'x' } },
    ]) {
      expect(
        (await app.inject({ ...request, headers: m.headers })).statusCode,
        `${request.method} ${request.url}`,
      ).toBe(404);
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: m.headers,
          payload: { ownerId: stranger.owner.id, name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const [kept] = await db.select().from(apiKeys).where(eq(apiKeys.id, theirKey.id));
    expect(kept?.revokedAt).toBeNull();
  });
});
