import { eq } from 'drizzle-orm';
import type { TCreateProfileResponse, TListPipelinesResponse, TListProfilesResponse } from '@centinela/shared';
import {
  apiKeys,
  auditEvents,
  idempotencyKeys,
  owners,
  profiles,
  users,
  webhookDeliveries,
} from '../src/db/schema/index.ts';
import { IDEMPOTENCY_TTL_MS, purgeExpiredIdempotencyKeys } from '../src/domains/api-keys/idempotency.ts';
import { createProfile as createProfileIn } from '../src/domains/profiles/create.ts';
import { getProfileDetail } from '../src/domains/profiles/repository.ts';
import { listProfiles } from '../src/domains/profiles/list.ts';
import { createApiKey, createUser, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const candidate = (extra: Record<string, unknown> = {}) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId: '1020304050',
  name: 'Ana Gómez',
  reportTypes: ['criminal_records'],
  ...extra,
});

/** An owner with a signed-in manager (the dashboard) and the owner's API key (the client system). */
async function client(app: Parameters<typeof signedIn>[0], ownerOverrides: Record<string, unknown> = {}) {
  const m = await signedIn(app, ['manager'], ownerOverrides);
  const key = await createApiKey(app.db, m.owner.id);
  return { ...m, apiKey: key, api: { 'x-api-key': key.key } };
}

describe('client REST API', () => {
  test('an owner key creates, lists and reads persons and lists pipelines; persons are created_as api', async ({
    app,
    db,
  }) => {
    const c = await client(app);
    const pipeline = await createPipeline(db, c.owner.id);
    const created = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: c.api, payload: candidate() });
    expect(created.statusCode, created.body).toBe(201);
    const { profile } = created.json<TCreateProfileResponse>();
    expect(profile).toMatchObject({ createdAs: 'api', status: 'PENDING' });
    expect(created.headers['ratelimit-limit']).toBe('600');
    expect(Number(created.headers['ratelimit-remaining'])).toBe(599);
    expect(Number(created.headers['ratelimit-reset'])).toBeGreaterThan(0);

    const list = await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: c.api });
    expect(list.json<TListProfilesResponse>().items.map((p) => p.id)).toEqual([profile.id]);
    const one = await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: c.api });
    expect(one.statusCode).toBe(200);
    expect(one.json<TCreateProfileResponse['profile']>().reports.map((r) => r.type)).toEqual(['criminal_records']);
    const pipelines = await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: c.api });
    expect(pipelines.json<TListPipelinesResponse>().items.map((p) => p.id)).toEqual([pipeline.id]);

    // Same validation as the dashboard, and errors in one shape with http_code.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: c.api,
      payload: { kind: 'precandidate', name: 'Ana', phone: '300 123 4567' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', http_code: 400 });
    // Never management: the key cannot manage users, keys, pipelines or webhooks, nor use dashboard-session routes.
    for (const [method, url] of [
      ['GET', '/api/v1/users'],
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/pipelines'],
      ['GET', '/api/v1/webhooks/endpoints'],
      ['GET', '/api/auth/user'],
    ] as const) {
      const refused = await app.inject({
        method,
        url,
        headers: c.api,
        ...(method === 'POST' ? { payload: { name: 'x', country: 'co', reportTypes: ['criminal_records'] } } : {}),
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ code: 'forbidden', message: expect.any(String), http_code: 403 });
    }
    // The audit names the key; no user made the change.
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.entityId, profile.id));
    expect(audit).toMatchObject({
      action: 'profile.create',
      actorUserId: null,
      changes: expect.objectContaining({ apiKeyId: c.apiKey.id }),
    });
  });

  test('unknown, revoked and inactive-owner keys are refused with http_code', async ({ app, db }) => {
    const c = await client(app);
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { 'x-api-key': 'ck_nope' } });
    expect(unknown.json()).toEqual({ code: 'unauthenticated', message: expect.any(String), http_code: 401 });
    const revoked = await createApiKey(db, c.owner.id);
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.id));
    const refused = await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { 'x-api-key': revoked.key } });
    expect(refused.json()).toEqual({ code: 'unauthenticated', message: expect.any(String), http_code: 401 });
    await db.update(owners).set({ active: false }).where(eq(owners.id, c.owner.id));
    const inactive = await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: c.api });
    expect(inactive.json()).toEqual({ code: 'account_not_authorized', message: expect.any(String), http_code: 403 });
  });

  test('a user’s own key acts as that user, within the API scopes', async ({ app, db }) => {
    const c = await client(app);
    const viewer = await createUser(db, { ownerId: c.owner.id, roles: ['viewer'] });
    await db.update(users).set({ apiKeyMode: 'own' }).where(eq(users.id, viewer.id));
    const key = await createApiKey(db, c.owner.id, { userId: viewer.id });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { 'x-api-key': key.key } })).statusCode,
    ).toBe(200);
    // A viewer cannot create persons, with or without a key.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { 'x-api-key': key.key },
      payload: candidate(),
    });
    expect(refused.statusCode).toBe(403);
  });

  test('Idempotency-Key: two concurrent identical requests create one person; a changed body is refused', async ({
    app,
    db,
  }) => {
    const c = await client(app);
    const headers = { ...c.api, 'idempotency-key': 'order-7781' };
    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/v1/profiles', headers, payload: candidate() }),
      app.inject({ method: 'POST', url: '/api/v1/profiles', headers, payload: candidate() }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json<TCreateProfileResponse>().profile.id).toBe(second.json<TCreateProfileResponse>().profile.id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter(Boolean)).toEqual([
      'true',
    ]);
    const rows = await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id));
    expect(rows).toHaveLength(1);

    const retry = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers, payload: candidate() });
    expect(retry.json<TCreateProfileResponse>().profile.id).toBe(rows[0]!.id);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers,
      payload: candidate({ name: 'Otra' }),
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'idempotency_key_reused', http_code: 422 });
    // Another key is another request.
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...c.api, 'idempotency-key': 'order-7782' },
      payload: candidate(),
    });
    expect(other.statusCode).toBe(201);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id))).toHaveLength(2);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...c.api, 'idempotency-key': 'x'.repeat(256) },
      payload: candidate(),
    });
    expect(invalid.statusCode).toBe(400);
  });

  test('deferred API sync: hidden on the dashboard until the next UTC day, visible through the API at once', async ({
    app,
    db,
  }) => {
    const c = await client(app, { deferredApiSync: true });
    const created = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: c.api, payload: candidate() });
    const { profile } = created.json<TCreateProfileResponse>();
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    expect(row!.visibleFrom.toISOString()).toBe(midnight.toISOString());
    // Through the API at once; on the dashboard neither in the list, the counts nor by id.
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: c.api })).json<TListProfilesResponse>()
        .items,
    ).toHaveLength(1);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: c.headers })).json<TListProfilesResponse>()
        .items,
    ).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: c.headers })).statusCode,
    ).toBe(404);
    // A person made on the dashboard shows at once.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/profiles',
          headers: c.headers,
          payload: candidate({ documentId: '1020304051' }),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: c.headers })).json<TListProfilesResponse>()
        .items,
    ).toHaveLength(1);
  });

  test('deferred API sync at the day boundary, with the clock injected', async ({ app, db }) => {
    const c = await client(app, { deferredApiSync: true });
    const scope = { ownerId: c.owner.id };
    const deps = { db, events: app.events };
    const at = new Date('2026-03-10T23:59:30.000Z');
    const input = {
      kind: 'precandidate' as const,
      name: 'Ana',
      email: 'ana@example.test',
      documentType: 'national_id' as const,
      country: 'co' as const,
      documentId: '',
    };
    const { profile } = await createProfileIn(deps, {
      scope,
      input,
      actor: { userId: null, ip: null, apiKeyId: c.apiKey.id },
      createdAs: 'api',
      now: at,
    });
    const ids = async (now: Date) =>
      (await listProfiles(db, scope, { sort: 'created_at', order: 'desc', limit: 50 }, now)).items.map((p) => p.id);
    expect(await ids(new Date('2026-03-10T23:59:59.999Z'))).toEqual([]);
    await expect(getProfileDetail(db, scope, profile.id, new Date('2026-03-10T23:59:59.999Z'))).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await ids(new Date('2026-03-11T00:00:00.000Z'))).toEqual([profile.id]);
    expect((await getProfileDetail(db, scope, profile.id, new Date('2026-03-11T00:00:00.000Z'))).id).toBe(profile.id);
    // The API caller's scope sees it before the boundary.
    expect(
      (
        await listProfiles(db, { ...scope, seesDeferred: true }, { sort: 'created_at', order: 'desc', limit: 50 }, at)
      ).items.map((p) => p.id),
    ).toEqual([profile.id]);
    // Without the owner's flag, an API person shows at once.
    await db.update(owners).set({ deferredApiSync: false }).where(eq(owners.id, c.owner.id));
    const later = await createProfileIn(deps, {
      scope,
      input,
      actor: { userId: null, ip: null },
      createdAs: 'api',
      now: at,
    });
    expect(await ids(at)).toEqual([later.profile.id]);
  });

  test('rate limit per key: RateLimit-* headers, then 429 with Retry-After', async ({ app }) => {
    const c = await client(app);
    const other = await createApiKey(app.db, c.owner.id);
    let last;
    for (let i = 0; i < 3; i++) last = await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: c.api });
    expect(last!.headers['ratelimit-remaining']).toBe('597');
    // Each key has its own budget.
    const fresh = await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: { 'x-api-key': other.key } });
    expect(fresh.headers['ratelimit-remaining']).toBe('599');
  });
});

describe('client REST API rate limit', () => {
  test.override({ env: { API_KEY_RATE_LIMIT: '2' } });
  test('the third call in a minute is refused', async ({ app }) => {
    const c = await client(app);
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: c.api })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: c.api });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', http_code: 429 });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('client API in the OpenAPI document', () => {
  test('declares the apiKey scheme on the persons and pipelines routes, and the webhooks routes', async ({ app }) => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[] }>
      >;
    }>();
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const post = doc.paths['/api/v1/profiles/']?.post ?? doc.paths['/api/v1/profiles']?.post;
    expect(post?.security).toContainEqual({ apiKey: [] });
    expect(post?.parameters?.some((p) => p.name === 'idempotency-key' && p.in === 'header')).toBe(true);
    const pipelines = doc.paths['/api/v1/pipelines/']?.get ?? doc.paths['/api/v1/pipelines']?.get;
    expect(pipelines?.security).toContainEqual({ apiKey: [] });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/webhooks/endpoints', '/api/v1/webhooks/deliveries/{id}/resend']),
    );
  });
});

describe('what the client API kept of a person goes with them', () => {
  test('deleting a person removes the stored Idempotency-Key answer and the webhook deliveries about them; others stay', async ({
    app,
    db,
  }) => {
    const c = await client(app);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints',
      headers: c.headers,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['profile.created'], description: 'ERP' },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const create = async (key: string, documentId: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/profiles',
          headers: { ...c.api, 'idempotency-key': key },
          payload: candidate({ documentId }),
        })
      ).json<TCreateProfileResponse>().profile;
    const gone = await create('order-1', '1020304050');
    const kept = await create('order-2', '1020304051');
    const keys = async () =>
      (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key).sort();
    const payloads = async () =>
      (await db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries)).map((r) => r.payload);
    expect(await keys()).toEqual(['order-1', 'order-2']);
    expect((await payloads()).filter((p) => p.includes('1020304050') && p.includes(gone.id))).toHaveLength(1);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: c.headers,
      payload: { ids: [gone.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keys()).toEqual(['order-2']);
    const left = await payloads();
    expect(left.filter((p) => p.includes('1020304050') || p.includes(gone.id))).toEqual([]);
    expect(left.filter((p) => p.includes(kept.id))).toHaveLength(1);
  });

  test('keys past their 24 h window are purged (their answers hold the person); newer ones stay', async ({
    app,
    db,
  }) => {
    const c = await client(app);
    for (const key of ['old', 'new']) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/profiles',
        headers: { ...c.api, 'idempotency-key': key },
        payload: candidate({ documentId: key === 'old' ? '1020304050' : '1020304051' }),
      });
      expect(created.statusCode).toBe(201);
    }
    const now = new Date();
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS - 60_000) })
      .where(eq(idempotencyKeys.key, 'old'));
    expect(await purgeExpiredIdempotencyKeys(db, now)).toBe(1);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual(['new']);
    expect(await purgeExpiredIdempotencyKeys(db, now)).toBe(0);
  });
});
