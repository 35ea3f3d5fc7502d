import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authRotatedRefreshTokens, authSessions, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import type { SessionTtl } from './tokens.ts';

/**
 * Refresh-token reuse detection (OAuth 2.0 Security BCP, RFC 9700 §4.14.2): a session is one token family.
 * Each rotation remembers the refresh token it replaced; when one of those comes back, two parties hold
 * the session and the server cannot tell which is the user, so the whole session is revoked — the tokens
 * it was rotated into included.
 */

/** Remembers a replaced refresh token (in the rotation's transaction) and forgets the session's expired ones. */
export async function rememberRotated(db: Db, sessionId: string, tokenHash: string, ttl: SessionTtl, now: Date) {
  await db.insert(authRotatedRefreshTokens).values({ tokenHash, sessionId, rotatedAt: now });
  // Older than a refresh token's whole life: past its own expiry, it proves nothing more than a guess would.
  const forgetBefore = new Date(now.getTime() - ttl.refreshSeconds * 1000);
  await db
    .delete(authRotatedRefreshTokens)
    .where(
      and(eq(authRotatedRefreshTokens.sessionId, sessionId), lt(authRotatedRefreshTokens.rotatedAt, forgetBefore)),
    );
}

/** Revokes the session a rotated-away refresh token belonged to, if it is one; records it once. */
export async function revokeOnReuse(db: Db, tokenHash: string, now: Date): Promise<void> {
  const [revoked] = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .from(authRotatedRefreshTokens)
    .where(
      and(
        eq(authRotatedRefreshTokens.tokenHash, tokenHash),
        eq(authSessions.id, authRotatedRefreshTokens.sessionId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ userId: authSessions.userId });
  if (!revoked) return;
  const [user] = await db.select({ ownerId: users.ownerId }).from(users).where(eq(users.id, revoked.userId));
  await recordAudit(db, {
    ownerId: user?.ownerId ?? null,
    actorUserId: revoked.userId,
    action: 'auth.refresh_reused',
    entityType: 'user',
    entityId: revoked.userId,
  });
}
