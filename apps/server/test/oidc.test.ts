import { eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { bearer, createOwner, createUser } from './factories.ts';
import { describe, expect, test as base } from './helper.ts';
import { signInAtProvider } from './oidc-flow.ts';
import { AUDIENCE, CLIENT_ID, startOidcProvider } from './oidc-provider.ts';

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;

// One real provider per file; every test's app is configured against it.
const test = base.extend<{ provider: Provider; env: Record<string, string> }>({
  provider: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its destructuring
    async ({}, use) => {
      const provider = await startOidcProvider();
      await use(provider);
      await provider.close();
    },
    { scope: 'file' },
  ],
  env: async ({ provider }, use) => {
    await use({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_ALLOW_INSECURE: 'true',
    });
  },
});

const exchange = (app: App, payload: object) => app.inject({ method: 'POST', url: '/api/auth/oidc/token', payload });

describe('OpenID Connect strategy', () => {
  test('GET /api/config describes the provider from its discovery document', async ({ app, provider }) => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().auth).toEqual({
      strategy: 'oidc',
      oidc: {
        issuer: provider.issuer,
        authorizationEndpoint: `${provider.issuer}/auth`,
        endSessionEndpoint: `${provider.issuer}/session/end`,
        clientId: CLIENT_ID,
        audience: AUDIENCE,
        scope: 'openid profile email',
      },
    });
  });

  test('first sign-in links by email, the next one gets a JWT the API accepts, and it refreshes', async ({
    app,
    db,
    provider,
  }) => {
    const owner = await createOwner(db, { name: 'Acme' });
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'], email: 'ana@acme.test' });

    const first = await exchange(app, await signInAtProvider(provider.issuer, 'ana@acme.test'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ linked: true });
    const [linked] = await db.select({ sub: users.externalSubject }).from(users).where(eq(users.id, user.id));
    expect(linked!.sub).toBe('ana@acme.test');

    const second = await exchange(app, await signInAtProvider(provider.issuer, 'ana@acme.test'));
    expect(second.statusCode).toBe(200);
    const tokens = second.json();
    expect(tokens).toMatchObject({ linked: false, tokenType: 'Bearer' });
    expect(tokens.token.split('.')).toHaveLength(3);
    expect(tokens.expiresIn).toBeGreaterThan(0);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(tokens.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, username: 'ana@acme.test', owner: { name: 'Acme' } });

    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().token).not.toBe(tokens.token);
    const again = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(refreshed.json().token) });
    expect(again.statusCode).toBe(200);

    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tokens.token) });
    expect(logout.statusCode).toBe(200);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/refresh',
      payload: { refreshToken: 'not-a-refresh-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthenticated');
  });

  test('unknown, unverified and inactive identities get account_not_authorized', async ({ app, db, provider }) => {
    const owner = await createOwner(db);
    await createUser(db, { ownerId: owner.id, roles: ['analyst'], email: 'unverified@acme.test' });
    await createUser(db, { ownerId: owner.id, roles: ['analyst'], email: 'gone@acme.test', status: 'inactive' });
    for (const email of ['nobody@acme.test', 'unverified@acme.test', 'gone@acme.test']) {
      const response = await exchange(app, await signInAtProvider(provider.issuer, email));
      expect(response.statusCode, email).toBe(403);
      expect(response.json()).toEqual({
        code: 'account_not_authorized',
        message: 'Account not authorized, please contact us.',
      });
    }
    const [unlinked] = await db
      .select({ sub: users.externalSubject })
      .from(users)
      .where(eq(users.username, 'gone@acme.test'));
    expect(unlinked!.sub).toBeNull();
  });

  test('a wrong PKCE verifier, a wrong nonce or a spent code is refused; a malformed body is a 400', async ({
    app,
    provider,
  }) => {
    const wrongVerifier = await signInAtProvider(provider.issuer, 'ana@acme.test');
    const refused = await exchange(app, { ...wrongVerifier, codeVerifier: 'x'.repeat(43) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('oidc_failed');

    const wrongNonce = await signInAtProvider(provider.issuer, 'ana@acme.test');
    expect((await exchange(app, { ...wrongNonce, nonce: 'n'.repeat(43) })).statusCode).toBe(400);
    // The provider redeemed that code before the nonce check failed: it cannot be used again.
    expect((await exchange(app, wrongNonce)).json().code).toBe('oidc_failed');

    const bad = await exchange(app, { ...wrongNonce, codeVerifier: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  describe('bearer JWTs', () => {
    async function linkedUser(db: Db) {
      const owner = await createOwner(db);
      const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
      await db.update(users).set({ externalSubject: 'subject-1' }).where(eq(users.id, user.id));
      return user;
    }
    const jwt = (claims: { aud?: string; exp?: number } = {}) =>
      new SignJWT({ scope: 'openid' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt' })
        .setSubject('subject-1')
        .setIssuedAt()
        .setAudience(claims.aud ?? AUDIENCE)
        .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600);
    const me = (app: App, token: string) =>
      app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

    test('one signed by the provider for our audience is accepted', async ({ app, db, provider }) => {
      const user = await linkedUser(db);
      const response = await me(app, await jwt().setIssuer(provider.issuer).sign(provider.privateKey));
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
    });

    test('another key, another audience or another issuer → 401; expired → 401 token_expired', async ({
      app,
      db,
      provider,
    }) => {
      await linkedUser(db);
      const { privateKey: otherKey } = await generateKeyPair('RS256');
      const cases = [
        await jwt().setIssuer(provider.issuer).sign(otherKey),
        await jwt({ aud: 'https://someone-else.test' }).setIssuer(provider.issuer).sign(provider.privateKey),
        await jwt({ aud: CLIENT_ID }).setIssuer(provider.issuer).sign(provider.privateKey),
        await jwt().setIssuer('http://127.0.0.1:1').sign(provider.privateKey),
      ];
      for (const token of cases) {
        const response = await me(app, token);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('unauthenticated');
      }
      const expired = await jwt({ exp: Math.floor(Date.now() / 1000) - 60 })
        .setIssuer(provider.issuer)
        .sign(provider.privateKey);
      const response = await me(app, expired);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('token_expired');
    });

    test('a valid token for a subject no user is linked to → 403 account_not_authorized', async ({ app, provider }) => {
      const response = await me(app, await jwt().setIssuer(provider.issuer).sign(provider.privateKey));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('account_not_authorized');
    });
  });
});

// A provider that issues no access token for this API: the verified sign-in opens a local session.
const withoutAudience = test.extend<{ env: Record<string, string> }>({
  env: async ({ provider }, use) => {
    await use({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_ALLOW_INSECURE: 'true' });
  },
});

describe('without OIDC_AUDIENCE', () => {
  withoutAudience(
    'the exchange opens a local session, which refreshes through the OIDC route',
    async ({ app, db, provider }) => {
      const owner = await createOwner(db);
      const user = await createUser(db, { ownerId: owner.id, roles: ['viewer'], email: 'vera@acme.test' });
      await db.update(users).set({ externalSubject: 'vera@acme.test' }).where(eq(users.id, user.id));
      const response = await exchange(app, await signInAtProvider(provider.issuer, 'vera@acme.test'));
      expect(response.statusCode).toBe(200);
      const tokens = response.json();
      expect(tokens.token).toMatch(/^[\w-]{43}$/);
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(tokens.token) })).json().user.id,
      ).toBe(user.id);
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/oidc/refresh',
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
    },
  );
});

describe('an unreachable provider', () => {
  test('makes GET /api/config a 503 until discovery succeeds on a later request', async ({ app, provider }) => {
    provider.setAvailable(false);
    try {
      const down = await app.inject({ method: 'GET', url: '/api/config' });
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('service_unavailable');
    } finally {
      provider.setAvailable(true);
    }
    const up = await app.inject({ method: 'GET', url: '/api/config' });
    expect(up.statusCode).toBe(200);
    expect(up.json().auth.strategy).toBe('oidc');
  });
});

describe('without OIDC_ISSUER', () => {
  base('the local strategy is the default and the OIDC routes answer 404', async ({ app }) => {
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().auth).toEqual({ strategy: 'local', oidc: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/token',
      payload: {
        code: 'c',
        codeVerifier: 'v'.repeat(43),
        redirectUri: 'http://127.0.0.1/callback',
        nonce: 'n'.repeat(20),
      },
    });
    expect(response.statusCode).toBe(404);
  });
});
