import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { CallerCache } from './caller-cache.ts';
import { buildCaller, callerOwnerColumns, callerUserColumns, type Caller } from '../../kernel/index.ts';
import { isAuthorized } from './caller.ts';
import { rememberRotated, revokeOnReuse } from './reuse.ts';
import { hashToken, newToken, type SessionTtl } from './tokens.ts';

export type { SessionTtl } from './tokens.ts';
export type IssuedTokens = { token: string; refreshToken: string; tokenType: 'Bearer'; expiresIn: number };

function expiries(ttl: SessionTtl, now: Date) {
  return {
    accessExpiresAt: new Date(now.getTime() + ttl.accessSeconds * 1000),
    refreshExpiresAt: new Date(now.getTime() + ttl.refreshSeconds * 1000),
  };
}

export async function createSession(
  db: Db,
  input: { userId: string; ip?: string; userAgent?: string | undefined },
  ttl: SessionTtl,
  now = new Date(),
): Promise<IssuedTokens> {
  const token = newToken();
  const refreshToken = newToken();
  await db.insert(authSessions).values({
    userId: input.userId,
    accessTokenHash: hashToken(token),
    refreshTokenHash: hashToken(refreshToken),
    ...expiries(ttl, now),
    ip: input.ip?.slice(0, 64),
    userAgent: input.userAgent?.slice(0, 512),
  });
  return { token, refreshToken, tokenType: 'Bearer', expiresIn: ttl.accessSeconds };
}

const sessionWithUser = (db: Db) =>
  db
    .select({
      session: {
        id: authSessions.id,
        revokedAt: authSessions.revokedAt,
        accessExpiresAt: authSessions.accessExpiresAt,
        refreshExpiresAt: authSessions.refreshExpiresAt,
      },
      user: callerUserColumns,
      owner: callerOwnerColumns,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(owners, eq(owners.id, users.ownerId));

/**
 * Every authenticated request runs this lookup: prepared once per database (drizzle builds the SQL once;
 * PostgreSQL plans it once per connection) instead of rebuilding the same query for each request.
 */
const byAccessToken = new WeakMap<Db, ReturnType<typeof prepareByAccessToken>>();
const prepareByAccessToken = (db: Db) =>
  sessionWithUser(db)
    .where(eq(authSessions.accessTokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('caller_by_access_token');

export type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareByAccessToken>['execute']>>[number];

/**
 * The caller behind an access token, or a 401/403 ApiError saying why not. With `cache` (the app's, kept
 * valid by NOTIFY: caller-cache.ts) a known token costs no query; every check below still runs on each call.
 */
export async function callerFromAccessToken(
  db: Db,
  token: string,
  now = new Date(),
  cache?: CallerCache<SessionRow>,
): Promise<Caller> {
  let lookup = byAccessToken.get(db);
  if (!lookup) byAccessToken.set(db, (lookup = prepareByAccessToken(db)));
  const prepared = lookup;
  const hash = hashToken(token);
  const load = async () => (await prepared.execute({ hash }))[0];
  const row = cache ? await cache.get(hash, load) : await load();
  if (!row || row.session.revokedAt) throw new ApiError(401, 'unauthenticated');
  if (row.session.accessExpiresAt <= now) throw new ApiError(401, 'token_expired');
  if (!isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');
  return buildCaller(row.user, row.owner, row.session.id);
}

/**
 * The caller of a session that can still be renewed, by its refresh token, without renewing it: the web
 * app's server-rendered frame (plugins/web-shell.ts) for a visitor whose access token has expired since
 * the last visit; the app renews the tokens itself on its first request.
 */
export async function callerFromRefreshToken(db: Db, refreshToken: string, now = new Date()): Promise<Caller> {
  const [row] = await sessionWithUser(db)
    .where(eq(authSessions.refreshTokenHash, hashToken(refreshToken)))
    .limit(1);
  if (!row || row.session.revokedAt || row.session.refreshExpiresAt <= now) throw new ApiError(401, 'unauthenticated');
  if (!isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');
  return buildCaller(row.user, row.owner, row.session.id);
}

/**
 * Rotates both tokens of a live session; the old refresh token stops working and is remembered, so that
 * presenting it again revokes the session (reuse.ts). A token that was never issued is a plain 401.
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  ttl: SessionTtl,
  now = new Date(),
): Promise<IssuedTokens> {
  const oldHash = hashToken(refreshToken);
  const [row] = await sessionWithUser(db).where(eq(authSessions.refreshTokenHash, oldHash)).limit(1);
  if (!row) {
    await revokeOnReuse(db, oldHash, now);
    throw new ApiError(401, 'unauthenticated');
  }
  if (row.session.revokedAt || row.session.refreshExpiresAt <= now) throw new ApiError(401, 'unauthenticated');
  if (!isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');
  const token = newToken();
  const nextRefresh = newToken();
  const rotated = await db.transaction(async (tx) => {
    const updated = await tx
      .update(authSessions)
      .set({ accessTokenHash: hashToken(token), refreshTokenHash: hashToken(nextRefresh), ...expiries(ttl, now) })
      .where(
        and(
          eq(authSessions.id, row.session.id),
          eq(authSessions.refreshTokenHash, oldHash),
          isNull(authSessions.revokedAt),
        ),
      )
      .returning({ id: authSessions.id });
    if (updated.length > 0) await rememberRotated(tx, row.session.id, oldHash, ttl, now);
    return updated.length > 0;
  });
  // A concurrent refresh with the same token already rotated it: only one of them wins.
  if (!rotated) throw new ApiError(401, 'unauthenticated');
  return { token, refreshToken: nextRefresh, tokenType: 'Bearer', expiresIn: ttl.accessSeconds };
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}
