import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Schedule } from '../../lib/jobs/index.ts';

/** How long a key is remembered: a retry within this window answers the first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export type Stored = { status: number; body: unknown; replayed: boolean };

/** The header's value: 1–255 visible ASCII characters (a UUID is the usual choice). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = [header].flat()[0] ?? '';
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw new ApiError(400, 'idempotency_key_invalid');
  return value;
}

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

/**
 * Runs `create` at most once per (owner, key). The key's row is inserted first, in the same transaction
 * as what `create` writes: a concurrent twin's insert waits on the unique index until this transaction
 * ends, then finds the row and gets the stored answer (or, if this one failed and rolled back, runs
 * itself). A crash leaves no half-done key behind. The same key with another request is a 422.
 */
export async function once(
  db: Db,
  { ownerId, key, hash, now = new Date() }: { ownerId: string; key: string; hash: string; now?: Date },
  create: (tx: Db) => Promise<{ status: number; body: unknown }>,
): Promise<Stored> {
  return db.transaction(async (tx) => {
    // A key older than the window is forgotten: the same key then starts afresh.
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.ownerId, ownerId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
        ),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ownerId, key, requestHash: hash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key)));
      if (!row) throw new ApiError(409, 'idempotency_key_reused');
      if (row.requestHash !== hash) throw new ApiError(422, 'idempotency_key_reused');
      return { status: row.responseStatus, body: row.responseBody, replayed: true };
    }
    const result = await create(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as Record<string, unknown> })
      .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key)));
    return { ...result, replayed: false };
  });
}

/**
 * Forgets keys past the window: their stored answers hold the person a client created, and
 * nothing reads them any more. Returns how many went.
 */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The purge as a schedule of the job runners' processes, hourly by default. */
export const idempotencyPurge = (db: Db, everyMs = 3600_000): Schedule => ({
  name: 'api-keys.idempotency-purge',
  everyMs,
  run: () => purgeExpiredIdempotencyKeys(db),
});
