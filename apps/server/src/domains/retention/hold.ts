import type { TLegalHold, TProfileHold } from '@centinela/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';

type Args = { scope: TenantScope; id: string; actor: Actor };

/** A person's legal hold, or null; 404 for a person outside the scope. */
export async function getHold(db: Db, scope: TenantScope, id: string): Promise<TProfileHold> {
  const [row] = await db
    .select({ at: profiles.legalHoldAt, reason: profiles.legalHoldReason, byId: users.id, byName: users.username })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.legalHoldBy))
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)));
  if (!row) throw new ApiError(404, 'not_found');
  if (!row.at) return { hold: null };
  const hold: TLegalHold = {
    at: row.at.toISOString(),
    reason: row.reason ?? '',
    by: row.byId && row.byName ? { id: row.byId, username: row.byName } : null,
  };
  return { hold };
}

/**
 * Puts a person on legal hold (or changes the reason of a hold): retention never deletes them while it
 * lasts. Audited without the reason, which is free text that may be about the person.
 */
export async function setHold(db: Db, { scope, id, actor, reason }: Args & { reason: string }): Promise<TProfileHold> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ legalHoldAt: new Date(), legalHoldBy: actor.userId, legalHoldReason: reason })
      .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)))
      .returning({ ownerId: profiles.ownerId });
    if (!row) throw new ApiError(404, 'not_found');
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'profile.hold',
      entityType: 'profile',
      entityId: id,
    });
  });
  return getHold(db, scope, id);
}

/** Ends a person's legal hold (nothing to do, and nothing audited, when there is none). */
export async function releaseHold(db: Db, { scope, id, actor }: Args): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ legalHoldAt: null, legalHoldBy: null, legalHoldReason: null })
      .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id), isNotNull(profiles.legalHoldAt)))
      .returning({ ownerId: profiles.ownerId });
    if (!row) {
      await getHold(tx, scope, id); // 404 outside the scope; a person without a hold is fine
      return;
    }
    await audit(tx, actor, {
      ownerId: row.ownerId,
      action: 'profile.release',
      entityType: 'profile',
      entityId: id,
    });
  });
}
