import { randomBytes } from 'node:crypto';
import type { Country, Role } from '@centinela/shared';
import type { Db } from '../src/db/client.ts';
import { apiKeys, owners, profiles, users } from '../src/db/schema/index.ts';
import { generateApiKey } from '../src/domains/api-keys/service.ts';
import { hashPassword } from '../src/domains/auth/password.ts';
import type { App } from '../src/app.ts';

const suffix = () => randomBytes(4).toString('hex');
export const PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export async function createOwner(db: Db, overrides: Partial<typeof owners.$inferInsert> = {}) {
  const [owner] = await db
    .insert(owners)
    .values({ codeName: `owner-${suffix()}`, name: 'Owner S.A.', ...overrides })
    .returning();
  return owner!;
}

export async function createUser(
  db: Db,
  opts: { ownerId: string | null; roles: Role[]; status?: 'active' | 'inactive'; email?: string },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      ownerId: opts.ownerId,
      username: (opts.email ?? `user-${suffix()}@example.test`).toLowerCase(),
      roles: opts.roles,
      status: opts.status ?? 'active',
      passwordHash: await passwordHash,
      availableCountries: ['co', 'mx'],
      defaultCountry: 'co',
    })
    .returning();
  return user!;
}

export async function createProfile(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof profiles.$inferInsert> & { country?: Country } = {},
) {
  const [profile] = await db
    .insert(profiles)
    .values({
      ownerId,
      country: 'co',
      documentId: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      name: 'Ana Gómez',
      ...overrides,
    })
    .returning();
  return profile!;
}

export async function login(app: App, email: string, password = PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string; refreshToken: string }>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An owner with one user of the given role, signed in. */
export async function signedIn(app: App, roles: Role[] = ['analyst'], ownerOverrides = {}) {
  const owner = await createOwner(app.db, ownerOverrides);
  const user = await createUser(app.db, { ownerId: owner.id, roles });
  const tokens = await login(app, user.username);
  return { owner, user, ...tokens, headers: bearer(tokens.token) };
}

/** An API key of the owner (or of one of its users): the row, and the key in clear. */
export async function createApiKey(db: Db, ownerId: string, opts: { userId?: string; name?: string } = {}) {
  const { key, prefix, keyHash } = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ ownerId, userId: opts.userId ?? null, name: opts.name ?? 'Key', prefix, keyHash })
    .returning();
  return { ...row!, key };
}
