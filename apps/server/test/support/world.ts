import { randomBytes } from 'node:crypto';
import { API_KEY_SCOPES, ROLES, scopesForRoles, type Role, type Scope } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import { apiKeys, users } from '../../src/db/schema/index.ts';
import { buildApp, type App } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { createSession, type SessionTtl } from '../../src/domains/auth/sessions.ts';
import type { ApiRoute } from '../../src/plugins/auth.ts';
import { freshDatabase } from '../database.ts';
import { createApiKey, createOwner, createProfile, createUser } from '../factories.ts';
import { testConfig } from '../helper.ts';
import { assertResponseContract, watchResponseContract } from './response-contract.ts';

/**
 * Who calls a route in the authorization matrix and the fuzzer. Role personas are real, active users:
 * platform roles (admin, support) have no owner, client roles belong to tenant A.
 */
export type Persona =
  | {
      kind: 'role';
      name: Role;
      role: Role;
      platform: boolean;
      scopes: readonly Scope[];
      userId: string;
      ownerId: string | null;
    }
  | { kind: 'anonymous'; name: 'anonymous' }
  | { kind: 'invalid-token'; name: 'invalid token' }
  /** An unsigned (`alg: none`) JWT naming the admin: the OIDC bearer path must refuse it. */
  | { kind: 'forged-jwt'; name: 'forged JWT'; userId: string }
  /** An `x-api-key` nobody issued. */
  | { kind: 'api-key'; name: 'API key' }
  /** Client systems: tenant A's owner key, an analyst's own key, a revoked key, a key of an inactive owner. */
  | { kind: 'owner-api-key'; name: 'owner API key'; ownerId: string; scopes: readonly Scope[] }
  | { kind: 'user-api-key'; name: 'user API key'; ownerId: string; userId: string; scopes: readonly Scope[] }
  | { kind: 'revoked-api-key'; name: 'revoked API key'; ownerId: string }
  | { kind: 'inactive-owner-api-key'; name: 'API key of an inactive owner'; ownerId: string }
  | { kind: 'expired-token'; name: 'expired token'; userId: string }
  | { kind: 'revoked-token'; name: 'revoked token'; userId: string }
  | { kind: 'inactive-user'; name: 'inactive user'; userId: string }
  | { kind: 'inactive-owner'; name: 'user of an inactive owner'; userId: string };

export type RolePersona = Extract<Persona, { kind: 'role' }>;

/** What tenant B holds: a client persona of tenant A must never see any of these strings. */
export type TenantSecrets = { ownerId: string; codeName: string; userId: string; username: string; marker: string };

export type World = {
  app: App;
  db: Db;
  routes: ApiRoute[];
  tenantA: { ownerId: string };
  tenantB: { ownerId: string; secrets: TenantSecrets };
  /** An active user of tenant A the public auth routes sign in as (never a persona: logout cells revoke). */
  loginUser: { id: string; username: string };
  personas: Persona[];
  /** Fresh headers for one request: every call opens a new session, so a logout never leaks into the next. */
  headers: (persona: Persona) => Promise<Record<string, string>>;
  /** A new session for a user: its tokens. */
  session: (userId: string, now?: Date) => Promise<{ token: string; refreshToken: string }>;
  close: () => Promise<void>;
};

const hex = (bytes = 8) => randomBytes(bytes).toString('hex');

/**
 * One app on one fresh database for a whole test file, seeded once: tenant A (the personas' tenant),
 * tenant B (the other tenant), and an inactive owner. Null when the engine is unreachable (the suite skips).
 * `extend` may add routes before the app starts (the harness's own tests add broken ones).
 * Every answer is checked against the OpenAPI document; `close()` fails naming the ones that break it
 * (not for an extended world, whose broken routes break it on purpose).
 */
export async function openWorld(extend?: (app: App) => void): Promise<World | null> {
  const fresh = await freshDatabase();
  if (!fresh) return null;
  const config = testConfig();
  const app = await buildApp({ config, database: fresh.database });
  extend?.(app);
  const contract = watchResponseContract(app);
  await app.ready();
  const db = app.db;
  const ttl: SessionTtl = { accessSeconds: config.AUTH_TOKEN_TTL, refreshSeconds: config.AUTH_REFRESH_TTL };

  const ownerA = await createOwner(db, { name: 'Tenant A' });
  const marker = `tenant-b-secret-${hex()}`;
  const ownerB = await createOwner(db, { name: marker, codeName: `${marker}-owner` });
  const ownerInactive = await createOwner(db, { name: 'Inactive owner', active: false });
  const userB = await createUser(db, { ownerId: ownerB.id, roles: ['manager'], email: `${marker}@example.test` });
  await createProfile(db, ownerB.id, {
    name: marker,
    documentId: `${Date.now()}`.slice(-10),
    email: `${marker}@example.test`,
  });
  await createProfile(db, ownerA.id, { name: 'Tenant A person' });
  const loginUser = await createUser(db, { ownerId: ownerA.id, roles: ['viewer'] });

  const personas: Persona[] = [];
  for (const role of ROLES) {
    const platform = role === 'admin' || role === 'support';
    const ownerId = platform ? null : ownerA.id;
    const user = await createUser(db, { ownerId, roles: [role] });
    personas.push({
      kind: 'role',
      name: role,
      role,
      platform,
      scopes: scopesForRoles([role]),
      userId: user.id,
      ownerId,
    });
  }
  const admin = personas.find((p): p is RolePersona => p.kind === 'role' && p.role === 'admin')!;
  // The strongest client role, so that the refusal can only come from the account's state.
  const inactive = await createUser(db, { ownerId: ownerA.id, roles: ['manager'], status: 'inactive' });
  const ofInactiveOwner = await createUser(db, { ownerId: ownerInactive.id, roles: ['manager'] });
  const expired = await createUser(db, { ownerId: ownerA.id, roles: ['manager'] });
  const keyUser = await createUser(db, { ownerId: ownerA.id, roles: ['analyst'] });
  await db.update(users).set({ apiKeyMode: 'own' }).where(eq(users.id, keyUser.id));
  const apiScopes = (roles: Role[] | null) => API_KEY_SCOPES.filter((s) => !roles || scopesForRoles(roles).includes(s));
  personas.push(
    { kind: 'anonymous', name: 'anonymous' },
    { kind: 'invalid-token', name: 'invalid token' },
    { kind: 'forged-jwt', name: 'forged JWT', userId: admin.userId },
    { kind: 'api-key', name: 'API key' },
    { kind: 'owner-api-key', name: 'owner API key', ownerId: ownerA.id, scopes: apiScopes(null) },
    {
      kind: 'user-api-key',
      name: 'user API key',
      ownerId: ownerA.id,
      userId: keyUser.id,
      scopes: apiScopes(['analyst']),
    },
    { kind: 'revoked-api-key', name: 'revoked API key', ownerId: ownerA.id },
    { kind: 'inactive-owner-api-key', name: 'API key of an inactive owner', ownerId: ownerInactive.id },
    { kind: 'expired-token', name: 'expired token', userId: expired.id },
    { kind: 'revoked-token', name: 'revoked token', userId: expired.id },
    { kind: 'inactive-user', name: 'inactive user', userId: inactive.id },
    { kind: 'inactive-owner', name: 'user of an inactive owner', userId: ofInactiveOwner.id },
  );

  const session = async (userId: string, now = new Date()) => createSession(db, { userId }, ttl, now);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const headers = async (persona: Persona): Promise<Record<string, string>> => {
    switch (persona.kind) {
      case 'anonymous':
        return {};
      case 'invalid-token':
        return bearer(randomBytes(32).toString('base64url'));
      case 'forged-jwt': {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return bearer(
          `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: persona.userId, iat: now, exp: now + 3600, scope: 'openid' })}.`,
        );
      }
      case 'api-key':
        return { 'x-api-key': `ck_${hex(24)}` };
      // A fresh key per request, so that the per-key rate limit never answers for the matrix.
      case 'owner-api-key':
      case 'inactive-owner-api-key':
        return { 'x-api-key': (await createApiKey(db, persona.ownerId)).key };
      case 'user-api-key':
        return { 'x-api-key': (await createApiKey(db, persona.ownerId, { userId: persona.userId })).key };
      case 'revoked-api-key': {
        const key = await createApiKey(db, persona.ownerId);
        await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
        return { 'x-api-key': key.key };
      }
      case 'expired-token':
        return bearer((await session(persona.userId, new Date(Date.now() - 2 * ttl.accessSeconds * 1000))).token);
      case 'revoked-token': {
        const { token } = await session(persona.userId);
        const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
        if (logout.statusCode !== 200)
          throw new Error(`could not revoke a session: ${logout.statusCode} ${logout.body}`);
        return bearer(token);
      }
      default:
        return bearer((await session(persona.userId)).token);
    }
  };

  return {
    app,
    db,
    routes: app.apiRoutes,
    tenantA: { ownerId: ownerA.id },
    tenantB: {
      ownerId: ownerB.id,
      secrets: { ownerId: ownerB.id, codeName: ownerB.codeName, userId: userB.id, username: userB.username, marker },
    },
    loginUser: { id: loginUser.id, username: loginUser.username },
    personas,
    headers,
    session,
    close: async () => {
      await app.close();
      await fresh.drop();
      if (!extend) assertResponseContract(contract);
    },
  };
}

export const routeKey = (route: Pick<ApiRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Whether a role persona holds what the route declares. */
export const holds = (persona: RolePersona, route: ApiRoute) =>
  route.scope === 'signed-in' || (route.scope !== null && persona.scopes.includes(route.scope));
