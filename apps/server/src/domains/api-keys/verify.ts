import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashToken } from '../auth/tokens.ts';

export type ApiKeyIdentity = { keyId: string; ownerId: string; userId: string | null; name: string };

/**
 * Who an `x-api-key` stands for: the owner (owner key) or one user (their own key). Unknown or revoked
 * keys are 401; a key of an inactive owner or inactive user is 403 `account_not_authorized`. Records the
 * last use. The request hook that calls this for /api/v1 arrives with the public API.
 */
export async function verifyApiKey(db: Db, key: string, now = new Date()): Promise<ApiKeyIdentity> {
  const [row] = await db
    .select({ key: apiKeys, ownerActive: owners.active, userStatus: users.status, userMode: users.apiKeyMode })
    .from(apiKeys)
    .innerJoin(owners, eq(owners.id, apiKeys.ownerId))
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  // A user's own key stops working once they go back to the owner's key.
  if (!row || row.key.revokedAt || (row.key.userId && row.userMode !== 'own'))
    throw new ApiError(401, 'unauthenticated');
  if (!row.ownerActive || (row.key.userId && row.userStatus !== 'active'))
    throw new ApiError(403, 'account_not_authorized');
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  return { keyId: row.key.id, ownerId: row.key.ownerId, userId: row.key.userId, name: row.key.name };
}
