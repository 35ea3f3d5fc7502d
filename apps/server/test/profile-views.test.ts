import type { TListProfileViewsResponse, TProfileView, TUpload } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import { profileViews, users } from '../src/db/schema/index.ts';
import { recordViews, VIEW_WINDOW_MS } from '../src/domains/profile-views/record.ts';
import type { App } from '../src/app.ts';
import { createApiKey, createProfile, createUser, login, bearer, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { staff } from './support/management.ts';
import { multipart, PNG } from './support/multipart.ts';
import { createReferenceCheck } from './support/sol.ts';

/** An owner with a signed-in manager, and an analyst of the same owner who does the reading. */
async function owner(app: App) {
  const m = await signedIn(app, ['manager']);
  const analyst = await createUser(app.db, { ownerId: m.owner.id, roles: ['analyst'] });
  const { token } = await login(app, analyst.username);
  return { ...m, analyst: { user: analyst, headers: bearer(token) } };
}

async function viewsOf(app: App, headers: Record<string, string>, profileId: string, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/profiles/${profileId}/views${query}`, headers });
  return response;
}

async function listed(app: App, headers: Record<string, string>, profileId: string, query = '') {
  const response = await viewsOf(app, headers, profileId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListProfileViewsResponse>();
}

/**
 * Reads summed per viewer, kind and channel: whether two reads share a row depends on the clock's window
 * (coalescing itself is proved with explicit times below), the total never does.
 */
function tally(items: TProfileView[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of items) {
    const key = `${v.what} ${v.channel} ${v.viewer.label}`;
    out[key] = (out[key] ?? 0) + v.count;
  }
  return out;
}

describe("who saw a person's data", () => {
  test('a dashboard read is recorded with who, what and how', async ({ app }) => {
    const o = await owner(app);
    const person = await createProfile(app.db, o.owner.id);
    for (let i = 0; i < 2; i++) {
      const read = await app.inject({
        method: 'GET',
        url: `/api/v1/profiles/${person.id}`,
        headers: o.analyst.headers,
      });
      expect(read.statusCode).toBe(200);
    }
    const { items } = await listed(app, o.headers, person.id);
    expect(tally(items)).toEqual({ [`profile dashboard ${o.analyst.user.username}`]: 2 });
    expect(items[0]!.viewer).toEqual({ userId: o.analyst.user.id, apiKeyId: null, label: o.analyst.user.username });
    // Listing the views is not a view of the person.
    expect(tally((await listed(app, o.headers, person.id)).items)).toEqual(tally(items));
  });

  test("an owner's key and a user's own key are recorded as the API channel, by the key's name", async ({ app }) => {
    const o = await owner(app);
    const person = await createProfile(app.db, o.owner.id);
    const ownerKey = await createApiKey(app.db, o.owner.id, { name: 'ATS integration' });
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${person.id}`,
      headers: { 'x-api-key': ownerKey.key },
    });
    expect(read.statusCode, read.body).toBe(200);
    const own = await createUser(app.db, { ownerId: o.owner.id, roles: ['analyst'] });
    await app.db.update(users).set({ apiKeyMode: 'own' }).where(eq(users.id, own.id));
    const ownKey = await createApiKey(app.db, o.owner.id, { userId: own.id, name: 'Laptop script' });
    const ownRead = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${person.id}`,
      headers: { 'x-api-key': ownKey.key },
    });
    expect(ownRead.statusCode, ownRead.body).toBe(200);
    const { items } = await listed(app, o.headers, person.id);
    expect(tally(items)).toEqual({
      'profile api ATS integration': 1,
      [`profile api ${own.username} (Laptop script)`]: 1,
    });
    expect(items.map((v) => v.viewer).sort((a, b) => a.label.localeCompare(b.label))).toEqual([
      { userId: null, apiKeyId: ownerKey.id, label: 'ATS integration' },
      { userId: own.id, apiKeyId: ownKey.id, label: `${own.username} (Laptop script)` },
    ]);
  });

  test('a view record names the owner of the person read, whoever reads it', async ({ app, db }) => {
    const o = await owner(app);
    const person = await createProfile(db, o.owner.id);
    const admin = await staff(app, 'admin');
    const read = await app.inject({ method: 'GET', url: `/api/v1/profiles/${person.id}`, headers: admin.headers });
    expect(read.statusCode).toBe(200);
    const rows = await db.select().from(profileViews);
    expect(rows.map((r) => [r.ownerId, r.profileId, r.viewerUserId])).toEqual([[o.owner.id, person.id, admin.user.id]]);
    // A read that fails records nothing: another owner's manager gets a 404 and leaves no trace.
    const stranger = await signedIn(app, ['manager']);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${person.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await db.select().from(profileViews)).toHaveLength(1);
  });

  test('files, reference checks, recordings, transcripts, exports and PDFs are recorded by kind', async ({ app }) => {
    const o = await owner(app);
    const { check, reference, reportId } = await createReferenceCheck(app.db, o.owner.id);
    const person = check.profileId;
    const other = await createProfile(app.db, o.owner.id);
    const h = o.analyst.headers;
    const body = multipart({ name: 'cedula.png', body: PNG, type: 'image/png' });
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/uploads?profileId=${person}`,
      payload: body.payload,
      headers: { ...o.headers, ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: h });
    for (const url of [
      `/api/v1/uploads/${uploaded.json<TUpload>().id}`,
      `/api/v1/sol/checks/by-report/${reportId}`,
      `/api/v1/sol/references/${reference.id}/recording`,
      `/api/v1/sol/references/${reference.id}/transcript`,
      `/api/v1/profiles/${person}/report.pdf`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    // Both export paths: ticked ids (written at once) and a filter (streamed in batches).
    for (const payload of [
      { format: 'csv', ids: [person, other.id] },
      { format: 'csv', filter: {} },
    ]) {
      const exported = await app.inject({ method: 'POST', url: '/api/v1/profiles/export', headers: h, payload });
      expect(exported.statusCode, exported.body).toBe(200);
    }
    const reader = o.analyst.user.username;
    expect(tally((await listed(app, o.headers, person)).items)).toEqual({
      [`export dashboard ${reader}`]: 2,
      [`file dashboard ${reader}`]: 1,
      [`pdf dashboard ${reader}`]: 1,
      [`recording dashboard ${reader}`]: 1,
      [`report dashboard ${reader}`]: 1,
      [`transcript dashboard ${reader}`]: 1,
    });
    // The export names every person it carried, not only the first.
    expect(tally((await listed(app, o.headers, other.id)).items)).toEqual({ [`export dashboard ${reader}`]: 2 });
  });

  test('newest first and paginated; a later window is a new entry', async ({ app }) => {
    const o = await owner(app);
    const person = await createProfile(app.db, o.owner.id);
    const viewer = {
      userId: o.analyst.user.id,
      apiKeyId: null,
      label: 'a@example.test',
      channel: 'dashboard',
    } as const;
    const start = new Date('2026-05-04T10:00:00.000Z');
    const later = new Date(start.getTime() + VIEW_WINDOW_MS);
    await recordViews(app.db, viewer, 'profile', [person.id], start);
    await recordViews(app.db, viewer, 'profile', [person.id], new Date(start.getTime() + 1000));
    await recordViews(app.db, viewer, 'file', [person.id], new Date(start.getTime() + 2000));
    await recordViews(app.db, viewer, 'profile', [person.id], later);
    const first = await listed(app, o.headers, person.id, '?pageSize=2');
    expect(first.total).toBe(3);
    expect(first.items.map((v) => [v.what, v.at, v.count])).toEqual([
      ['profile', later.toISOString(), 1],
      ['file', new Date(start.getTime() + 2000).toISOString(), 1],
    ]);
    const second = await listed(app, o.headers, person.id, '?pageSize=2&page=2');
    expect(second.items.map((v) => [v.what, v.at, v.lastAt, v.count])).toEqual([
      ['profile', start.toISOString(), new Date(start.getTime() + 1000).toISOString(), 2],
    ]);
  });

  test('managers and platform staff may list; analysts and viewers get 403, another owner 404', async ({ app }) => {
    const o = await owner(app);
    const person = await createProfile(app.db, o.owner.id);
    const viewerUser = await createUser(app.db, { ownerId: o.owner.id, roles: ['viewer'] });
    const viewer = bearer((await login(app, viewerUser.username)).token);
    expect((await viewsOf(app, viewer, person.id)).statusCode).toBe(403);
    expect((await viewsOf(app, o.analyst.headers, person.id)).statusCode).toBe(403);
    const key = await createApiKey(app.db, o.owner.id);
    expect((await viewsOf(app, { 'x-api-key': key.key }, person.id)).statusCode).toBe(403);
    const stranger = await signedIn(app, ['manager']);
    const foreign = await viewsOf(app, stranger.headers, person.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    for (const role of ['admin', 'support'] as const) {
      const s = await staff(app, role);
      expect((await viewsOf(app, s.headers, person.id)).statusCode).toBe(200);
    }
    expect((await viewsOf(app, o.headers, person.id)).statusCode).toBe(200);
  });

  test("deleting a person deletes the record of who saw them; others' records stay", async ({ app, db }) => {
    const o = await owner(app);
    const [gone, kept] = [await createProfile(db, o.owner.id), await createProfile(db, o.owner.id)];
    for (const p of [gone, kept]) {
      const read = await app.inject({ method: 'GET', url: `/api/v1/profiles/${p.id}`, headers: o.analyst.headers });
      expect(read.statusCode).toBe(200);
    }
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: o.headers,
      payload: { ids: [gone.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await db.select().from(profileViews)).map((r) => r.profileId)).toEqual([kept.id]);
  });
});
