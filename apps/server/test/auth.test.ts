import { eq } from 'drizzle-orm';
import { auditEvents, authRotatedRefreshTokens, authSessions, owners, users } from '../src/db/schema/index.ts';
import { bearer, createOwner, createUser, login, PASSWORD, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

describe('local sign-in', () => {
  test('signs in, answers the user with scope, and stores tokens only hashed', async ({ app, db }) => {
    const owner = await createOwner(db, { name: 'Acme' });
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'], email: 'Ana@Example.test' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ANA@example.test', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.refreshToken).not.toBe(body.token);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      id: user.id,
      username: 'ana@example.test',
      owner: { id: owner.id, name: 'Acme', plan: 'standard' },
      roles: ['analyst'],
      status: 'active',
    });
    expect(me.json().user.scope).toContain('profiles:read');
    expect(me.json().user.scope).not.toContain('users:manage');

    const [session] = await db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(session!.accessTokenHash).not.toBe(body.token);
    expect(JSON.stringify(session)).not.toContain(body.token);
  });

  test('a wrong password and an unknown email get the same 401', async ({ app, db }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    for (const payload of [
      { email: user.username, password: 'wrong' },
      { email: 'nobody@example.test', password: PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'invalid_credentials', message: 'The email or password is incorrect.' });
    }
  });

  test('refuses an inactive user and a user of an inactive owner with the SPEC §8 message', async ({ app, db }) => {
    const owner = await createOwner(db);
    const inactiveUser = await createUser(db, { ownerId: owner.id, roles: ['analyst'], status: 'inactive' });
    const closedOwner = await createOwner(db, { active: false });
    const userOfClosed = await createUser(db, { ownerId: closedOwner.id, roles: ['manager'] });
    for (const user of [inactiveUser, userOfClosed]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.username, password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'account_not_authorized',
        message: 'Account not authorized, please contact us.',
      });
    }
    const spanish = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'es-CO,es;q=0.9,en;q=0.5' },
      payload: { email: inactiveUser.username, password: PASSWORD },
    });
    expect(spanish.json().message).toBe('Cuenta no autorizada, por favor contáctenos.');
  });

  test('deactivating a user or their owner cuts an existing session at once', async ({ app, db }) => {
    const a = await signedIn(app);
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, a.user.id));
    const refused = await app.inject({ method: 'GET', url: '/api/auth/user', headers: a.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_not_authorized');

    const b = await signedIn(app);
    await db.update(owners).set({ active: false }).where(eq(owners.id, b.owner.id));
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: b.headers })).statusCode).toBe(403);
  });

  test('platform staff without an owner can sign in; their scope spans owners', async ({ app, db }) => {
    const admin = await createUser(db, { ownerId: null, roles: ['admin'] });
    const { token } = await login(app, admin.username);
    const me = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json();
    expect(me.user.owner).toBeNull();
    expect(me.user.scope).toEqual(expect.arrayContaining(['owners:manage', 'users:manage', 'profiles:read']));
  });
});

describe('sign-out, expiry and refresh', () => {
  for (const url of ['/api/auth/logout', '/api/v1/users/logout']) {
    test(`POST ${url} revokes the token`, async ({ app }) => {
      const a = await signedIn(app);
      const out = await app.inject({ method: 'POST', url, headers: a.headers });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      const after = await app.inject({ method: 'GET', url: '/api/auth/user', headers: a.headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('unauthenticated');
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: a.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });
  }

  test('an expired access token answers token_expired; refresh rotates both tokens once', async ({ app, db }) => {
    const a = await signedIn(app);
    await db
      .update(authSessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, a.user.id));
    const expired = await app.inject({ method: 'GET', url: '/api/auth/user', headers: a.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('token_expired');

    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: a.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.token).not.toBe(a.token);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(next.token) })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: a.headers })).statusCode).toBe(401);

    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: a.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
  });

  test('reusing a rotated refresh token revokes the whole session, the rotated-into tokens too (RFC 9700 §4.14)', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const refresh = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const second = (await refresh(a.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(third.token) })).statusCode).toBe(
      200,
    );

    // A token two rotations old comes back: someone else holds a copy, so nobody keeps the session.
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(third.token) });
    expect(me.statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    const [session] = await db.select().from(authSessions).where(eq(authSessions.userId, a.user.id));
    expect(session!.revokedAt).not.toBeNull();
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.refresh_reused'));
    expect(event).toMatchObject({ actorUserId: a.user.id, entityType: 'user', entityId: a.user.id });

    // The user's other sessions are not that token's family: they stay.
    const other = await login(app, a.user.username);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(other.token) })).statusCode).toBe(
      200,
    );
  });

  test('a session remembers the tokens it rotated away from only as long as a refresh token lives', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const refresh = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const second = (await refresh(a.refreshToken)).json();
    expect(await db.select().from(authRotatedRefreshTokens)).toHaveLength(1);
    // As if the first rotation were older than AUTH_REFRESH_TTL (30 days by default).
    await db.update(authRotatedRefreshTokens).set({ rotatedAt: new Date(Date.now() - 31 * 24 * 3600_000) });
    await refresh(second.refreshToken);
    const kept = await db.select().from(authRotatedRefreshTokens);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.rotatedAt.getTime()).toBeGreaterThan(Date.now() - 24 * 3600_000);
  });

  test('a refresh token past its lifetime is refused', async ({ app, db }) => {
    const a = await signedIn(app);
    await db
      .update(authSessions)
      .set({ refreshExpiresAt: new Date(Date.now() - 1) })
      .where(eq(authSessions.userId, a.user.id));
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: a.refreshToken },
    });
    expect(response.statusCode).toBe(401);
  });

  test('a garbage or missing bearer token is 401', async ({ app }) => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
      const response = await app.inject({ method: 'GET', url: '/api/auth/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue.' });
    }
  });
});

describe('login rate limit', () => {
  test.override({ env: { LOGIN_RATE_LIMIT: '3' } });

  test('the fourth attempt in a minute is 429 rate_limited', async ({ app }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.test', password: 'bad' },
      });
      statuses.push(response.statusCode);
      if (i === 3) expect(response.json().code).toBe('rate_limited');
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The same address may still sign in to another account (colleagues behind one NAT)…
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'y@example.test', password: 'bad' },
    });
    expect(other.statusCode).toBe(401);
    // …and the throttled account stays throttled however its email is cased.
    const recased = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'X@Example.TEST', password: 'bad' },
    });
    expect(recased.statusCode).toBe(429);
  });
});
