import { bearer, createOwner, createProfile, createUser, login, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

describe('tenant scoping', () => {
  test('a client user sees only their owner’s persons, and another owner’s look missing', async ({ app, db }) => {
    const a = await signedIn(app, ['analyst']);
    const b = await signedIn(app, ['analyst']);
    const mine = await createProfile(db, a.owner.id, { name: 'Mine' });
    const theirs = await createProfile(db, b.owner.id, { name: 'Theirs' });

    const list = await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: a.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { id: string }) => p.id)).toEqual([mine.id]);

    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/profiles/${mine.id}`, headers: a.headers })).statusCode,
    ).toBe(200);
    const other = await app.inject({ method: 'GET', url: `/api/v1/profiles/${theirs.id}`, headers: a.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('not_found');

    const asking = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles?ownerId=${b.owner.id}`,
      headers: a.headers,
    });
    expect(asking.statusCode).toBe(403);
    expect(asking.json().code).toBe('forbidden');
  });

  test('platform support reads every owner, or one owner when it asks', async ({ app, db }) => {
    const a = await createOwner(db);
    const b = await createOwner(db);
    const pa = await createProfile(db, a.id);
    const pb = await createProfile(db, b.id);
    const support = await createUser(db, { ownerId: null, roles: ['support'] });
    const headers = bearer((await login(app, support.username)).token);

    const all = (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers })).json();
    expect(all.items.map((p: { id: string }) => p.id).sort()).toEqual([pa.id, pb.id].sort());
    const onlyB = (await app.inject({ method: 'GET', url: `/api/v1/profiles?ownerId=${b.id}`, headers })).json();
    expect(onlyB.items.map((p: { id: string }) => p.id)).toEqual([pb.id]);
    expect((await app.inject({ method: 'GET', url: `/api/v1/profiles/${pa.id}`, headers })).statusCode).toBe(200);
  });

  test('persons hidden by deferred API sync stay out of the list until visible', async ({ app, db }) => {
    const a = await signedIn(app, ['viewer']);
    const visible = await createProfile(db, a.owner.id);
    await createProfile(db, a.owner.id, { createdAs: 'api', visibleFrom: new Date(Date.now() + 86_400_000) });
    const list = (await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: a.headers })).json();
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([visible.id]);
  });

  test('keyset pages cover every person once, newest first, with filters', async ({ app, db }) => {
    const a = await signedIn(app);
    const base = Date.parse('2026-06-01T00:00:00Z');
    const created = [];
    for (let i = 0; i < 7; i++) {
      // Two persons share each timestamp, so the id tie-break is exercised.
      created.push(
        await createProfile(db, a.owner.id, {
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
          country: i % 2 ? 'mx' : 'co',
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/profiles?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await app.inject({ method: 'GET', url, headers: a.headers })).json();
      seen.push(...page.items.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = [...created].sort(
      (x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id > x.id ? 1 : -1),
    );
    expect(seen).toEqual(expected.map((p) => p.id));

    const mx = (await app.inject({ method: 'GET', url: '/api/v1/profiles?country=mx', headers: a.headers })).json();
    expect(mx.items).toHaveLength(3);
    expect(mx.items.every((p: { country: string }) => p.country === 'mx')).toBe(true);
  });

  test('search matches name or document, and treats % and _ literally', async ({ app, db }) => {
    const a = await signedIn(app);
    await createProfile(db, a.owner.id, { name: 'José Pérez', documentId: '1012345678' });
    await createProfile(db, a.owner.id, { name: 'Laura_100%', documentId: '99887766' });
    const search = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/v1/profiles?q=${encodeURIComponent(q)}`, headers: a.headers }))
        .json()
        .items.map((p: { name: string }) => p.name);
    expect(await search('pérez')).toEqual(['José Pérez']);
    expect(await search('2345')).toEqual(['José Pérez']);
    expect(await search('100%')).toEqual(['Laura_100%']);
    expect(await search('%')).toEqual(['Laura_100%']);
  });
});
