import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  type TApiKey,
  type TCreateApiKeyRequest,
  type TIssuedApiKey,
  type TListApiKeysRequest,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, requireOwner, type Actor, ownedBy, tenantScope } from '../../kernel/index.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { audit } from '../audit/record.ts';
import { assertManageable } from '../users/rules.ts';

type KeyRow = typeof apiKeys.$inferSelect;

/** The prefix shown in lists: enough to tell keys apart, far too little to guess the rest. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function toApiKey(row: KeyRow): TApiKey {
  return {
    id: row.id,
    ownerId: row.ownerId,
    userId: row.userId,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** 256 random bits from the system's secure source, recognisable by its prefix. */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), keyHash: hashToken(key) };
}

/** The user a key belongs to, in the caller's reach and manageable by them; 404 otherwise. */
async function keyUser(db: Db, caller: Caller, ownerId: string | null, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        ownedBy(tenantScope(caller), users.ownerId),
        ownerId ? eq(users.ownerId, ownerId) : undefined,
      ),
    );
  if (!user || !user.ownerId) throw new ApiError(404, 'not_found');
  assertManageable(caller, user);
  return user;
}

export async function listApiKeys(db: Db, caller: Caller, query: TListApiKeysRequest): Promise<{ items: TApiKey[] }> {
  const scope = tenantScope(caller, query.ownerId);
  if (query.userId) await keyUser(db, caller, scope.ownerId, query.userId);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(ownedBy(scope, apiKeys.ownerId), query.userId ? eq(apiKeys.userId, query.userId) : isNull(apiKeys.userId)),
    )
    .orderBy(asc(apiKeys.revokedAt), asc(apiKeys.createdAt), asc(apiKeys.id));
  return { items: rows.map(toApiKey) };
}

async function insertKey(
  tx: Db,
  values: { ownerId: string; userId: string | null; name: string; createdBy: string | null },
): Promise<TIssuedApiKey> {
  const { key, prefix, keyHash } = generateApiKey();
  const [row] = await tx
    .insert(apiKeys)
    .values({ ...values, prefix, keyHash })
    .returning();
  return { apiKey: toApiKey(row!), key };
}

/** A new owner key, or a key of a user who works with their own key (`api_key_mode` own, SPEC §3). */
export async function createApiKey(
  db: Db,
  { caller, input, actor }: { caller: Caller; input: TCreateApiKeyRequest; actor: Actor },
): Promise<TIssuedApiKey> {
  const scope = tenantScope(caller, input.ownerId);
  let ownerId: string;
  if (input.userId) {
    const user = await keyUser(db, caller, scope.ownerId, input.userId);
    if (user.apiKeyMode !== 'own') throw new ApiError(422, 'api_key_mode_owner');
    ownerId = user.ownerId!;
  } else {
    ownerId = requireOwner(scope);
    const [owner] = await db.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId));
    if (!owner) throw new ApiError(404, 'not_found');
  }
  return db.transaction(async (tx) => {
    const issued = await insertKey(tx, {
      ownerId,
      userId: input.userId ?? null,
      name: input.name,
      createdBy: actor.userId,
    });
    await audit(tx, actor, {
      ownerId,
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: issued.apiKey.id,
      changes: { name: input.name, prefix: issued.apiKey.prefix, userId: input.userId ?? null },
    });
    return issued;
  });
}

async function liveKey(tx: Db, caller: Caller, id: string): Promise<KeyRow> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), ownedBy(tenantScope(caller), apiKeys.ownerId)))
    .for('update');
  if (!row) throw new ApiError(404, 'not_found');
  if (row.userId) await keyUser(tx, caller, row.ownerId, row.userId);
  return row;
}

/**
 * A new secret for the same key: the id, name and owner stay, the old secret stops working at once. One
 * id per key keeps a later DELETE meaningful (it revokes the key, whatever its secret is now).
 */
export async function rotateApiKey(
  db: Db,
  { caller, id, actor }: { caller: Caller; id: string; actor: Actor },
): Promise<TIssuedApiKey> {
  return db.transaction(async (tx) => {
    const current = await liveKey(tx, caller, id);
    if (current.revokedAt) throw new ApiError(404, 'not_found');
    const { key, prefix, keyHash } = generateApiKey();
    // The new secret has not been used yet: its last use starts over.
    const [row] = await tx
      .update(apiKeys)
      .set({ keyHash, prefix, lastUsedAt: null })
      .where(eq(apiKeys.id, id))
      .returning();
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'api_key.rotate',
      entityType: 'api_key',
      entityId: id,
      changes: { previousPrefix: current.prefix, prefix },
    });
    return { apiKey: toApiKey(row!), key };
  });
}

/** A revoked key stops working at once; revoking twice changes nothing. */
export async function revokeApiKey(
  db: Db,
  { caller, id, actor }: { caller: Caller; id: string; actor: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await liveKey(tx, caller, id);
    if (current.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: id,
      changes: { prefix: current.prefix },
    });
  });
}
