import { eq } from 'drizzle-orm';
import { API_KEY_SCOPES } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { buildCaller, callerOwnerColumns, callerUserColumns, type Caller } from '../../kernel/index.ts';
import { verifyApiKey } from './verify.ts';

/**
 * The caller behind an `x-api-key`: a user's own key acts as that user, an owner's key as the owner
 * with no user (`user.id` is then the key's id, never written as a user: see `actorOf`). Either way the
 * scopes are cut down to API_KEY_SCOPES: persons and pipelines, never management.
 */
export async function callerFromApiKey(db: Db, key: string, now = new Date()): Promise<Caller> {
  const identity = await verifyApiKey(db, key, now);
  const [owner] = await db.select(callerOwnerColumns).from(owners).where(eq(owners.id, identity.ownerId));
  if (!owner) throw new ApiError(401, 'unauthenticated');
  let caller: Caller;
  if (identity.userId) {
    const [user] = await db.select(callerUserColumns).from(users).where(eq(users.id, identity.userId));
    if (!user) throw new ApiError(401, 'unauthenticated');
    caller = buildCaller(user, owner, null);
  } else {
    const keyUser = {
      id: identity.keyId,
      ownerId: owner.id,
      username: `api-key:${identity.keyId}`,
      roles: [],
      status: 'active' as const,
      defaultLocale: 'en' as const,
      defaultCountry: null,
      availableCountries: [],
    };
    caller = { ...buildCaller(keyUser, owner, null), scopes: [...API_KEY_SCOPES] };
  }
  return {
    ...caller,
    scopes: (identity.userId ? caller.scopes : API_KEY_SCOPES).filter((s) => API_KEY_SCOPES.includes(s)),
    platform: false,
    apiKey: { id: identity.keyId, userId: identity.userId, name: identity.name },
  };
}
