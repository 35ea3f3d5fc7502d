import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type { App } from '../src/app.ts';
import { CallerCache } from '../src/domains/auth/caller-cache.ts';
import { authSessions, owners, users } from '../src/db/schema/index.ts';
import { signedIn } from './factories.ts';
import { databaseUrl } from './global-setup.ts';
import { describe, expect, test } from './helper.ts';

const me = (app: App, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/user', headers });

describe('caller cache', () => {
  test('a known token is answered from the cache: a change that notifies nobody goes unseen', async ({ app, db }) => {
    const a = await signedIn(app);
    expect((await me(app, a.headers)).statusCode).toBe(200);
    expect(app.callerCache.size).toBeGreaterThan(0);
    // With the invalidation trigger off, revoking in the database is invisible to the cached caller:
    // proof that the request did not look the session up again.
    await db.execute(sql`ALTER TABLE auth_session DISABLE TRIGGER auth_session_cache_invalidate`);
    await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, a.user.id));
    expect((await me(app, a.headers)).statusCode).toBe(200);
    await db.execute(sql`ALTER TABLE auth_session ENABLE TRIGGER auth_session_cache_invalidate`);
    // Any later change to a session notifies, and the revoked session is refused at once.
    await db.update(authSessions).set({ ip: '10.0.0.1' }).where(eq(authSessions.userId, a.user.id));
    expect((await me(app, a.headers)).statusCode).toBe(401);
  });

  test('sign-out, role change, owner plan change and deactivation reach a cached caller at once', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['manager']);
    expect((await me(app, a.headers)).json().user.roles).toEqual(['manager']);
    await db
      .update(users)
      .set({ roles: ['viewer'] })
      .where(eq(users.id, a.user.id));
    expect((await me(app, a.headers)).json().user.roles).toEqual(['viewer']);
    await db.update(owners).set({ plan: 'free' }).where(eq(owners.id, a.owner.id));
    expect((await me(app, a.headers)).json().user.owner.plan).toBe('free');
    await db.update(owners).set({ active: false }).where(eq(owners.id, a.owner.id));
    expect((await me(app, a.headers)).statusCode).toBe(403);

    const b = await signedIn(app);
    expect((await me(app, b.headers)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: b.headers })).statusCode).toBeLessThan(
      300,
    );
    expect((await me(app, b.headers)).statusCode).toBe(401);
  });

  test('credit debits do not clear the cache (only the columns a caller reads notify)', async ({ app, db }) => {
    const a = await signedIn(app);
    await me(app, a.headers);
    const cached = app.callerCache.size;
    expect(cached).toBeGreaterThan(0);
    await db.update(owners).set({ creditsAvailable: 7 }).where(eq(owners.id, a.owner.id));
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, a.user.id));
    expect(app.callerCache.size).toBe(cached);
  });

  // PGlite is one process with one session: the same-process tests above cover it.
  test.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, a change made by another process reaches this one',
    async ({ app, db }) => {
      const a = await signedIn(app);
      expect((await me(app, a.headers)).statusCode).toBe(200);
      const [{ name }] = (
        (await db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] }
      ).rows;
      const client = new pg.Client({ connectionString: databaseUrl(inject('pg')!.adminUrl, name) });
      await client.connect();
      try {
        await client.query('UPDATE "user" SET status = $1 WHERE id = $2', ['inactive', a.user.id]);
        await expect.poll(async () => (await me(app, a.headers)).statusCode, { timeout: 5000, interval: 20 }).toBe(403);
      } finally {
        await client.end();
      }
    },
  );
});

describe('CallerCache', () => {
  test('a load that raced a clear() answers its request but is not stored', async () => {
    const cache = new CallerCache<string>(60_000);
    let release!: (v: string) => void;
    const pending = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('old');
    expect(await pending).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'new')).toBe('new');
    expect(await cache.get('k', async () => 'newer')).toBe('new');
  });

  test('misses are not stored; entries expire with age; the oldest goes first when full', async () => {
    let now = 0;
    const cache = new CallerCache<string>(1000, 2, () => now);
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('c', async () => 'C');
    expect(await cache.get('a', async () => 'A2')).toBe('A2');
    now = 1000;
    expect(await cache.get('c', async () => 'C2')).toBe('C2');
  });
});
