import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { owners, users } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { recordAudit } from '../../audit/record.ts';
import { callerOwnerColumns, callerUserColumns } from '../../../kernel/index.ts';
import { isAuthorized } from '../caller.ts';

export type Identity = { sub: string; email: string | undefined; emailVerified: boolean };

const userWithOwner = (db: Db) =>
  db
    .select({ user: callerUserColumns, owner: callerOwnerColumns })
    .from(users)
    .leftJoin(owners, eq(owners.id, users.ownerId));

/**
 * The dashboard user behind a provider identity. Known subject → that user. Otherwise a user whose
 * email (username) matches a *verified* provider email gets the subject linked, once, and `linked` is
 * true: the caller then asks for a fresh sign-in (SPEC §2 "accounts linked"). An unverified email could
 * be anyone's, so it never links. No such user, a user already linked to another subject, or an
 * inactive user/owner → 403 account_not_authorized (SPEC §8).
 */
export async function resolveIdentity(
  db: Db,
  identity: Identity,
  ip: string,
): Promise<{ userId: string; ownerId: string | null; linked: boolean }> {
  const [known] = await userWithOwner(db).where(eq(users.externalSubject, identity.sub)).limit(1);
  if (known) {
    if (!isAuthorized(known.user, known.owner)) throw new ApiError(403, 'account_not_authorized');
    return { userId: known.user.id, ownerId: known.user.ownerId, linked: false };
  }

  if (!identity.email || !identity.emailVerified) throw new ApiError(403, 'account_not_authorized');
  const [row] = await userWithOwner(db).where(eq(users.username, identity.email.toLowerCase())).limit(1);
  if (!row || !isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');

  // Only an unlinked user is linked: a concurrent sign-in or an existing link to another subject loses.
  const updated = await db
    .update(users)
    .set({ externalSubject: identity.sub })
    .where(and(eq(users.id, row.user.id), isNull(users.externalSubject)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new ApiError(403, 'account_not_authorized');
  await recordAudit(db, {
    ownerId: row.user.ownerId,
    actorUserId: row.user.id,
    action: 'auth.oidc_link',
    entityType: 'user',
    entityId: row.user.id,
    ip,
  });
  return { userId: row.user.id, ownerId: row.user.ownerId, linked: true };
}

/** The caller's user for a verified access token's subject (only linked users have one). */
export async function userForSubject(db: Db, sub: string) {
  const [row] = await userWithOwner(db).where(eq(users.externalSubject, sub)).limit(1);
  return row ?? null;
}
