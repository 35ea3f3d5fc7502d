import { eq } from 'drizzle-orm';
import type { TLoginRequest } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record.ts';
import { isAuthorized } from './caller.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession, type IssuedTokens, type SessionTtl } from './sessions.ts';

// Verifying against a real hash when the user does not exist keeps response times alike.
let dummyHash: Promise<string> | undefined;

export async function loginWithPassword(
  db: Db,
  input: TLoginRequest,
  context: { ip: string; userAgent: string | undefined; ttl: SessionTtl },
): Promise<IssuedTokens> {
  const [row] = await db
    .select({ user: users, owner: owners })
    .from(users)
    .leftJoin(owners, eq(owners.id, users.ownerId))
    .where(eq(users.username, input.email.toLowerCase()))
    .limit(1);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(row?.user.passwordHash ?? (await dummyHash), input.password);
  if (!row || !row.user.passwordHash || !ok) throw new ApiError(401, 'invalid_credentials');
  // Only a caller who proved the password learns that the account is refused.
  if (!isAuthorized(row.user, row.owner)) throw new ApiError(403, 'account_not_authorized');

  const tokens = await createSession(
    db,
    { userId: row.user.id, ip: context.ip, userAgent: context.userAgent },
    context.ttl,
  );
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
  await recordAudit(db, {
    ownerId: row.user.ownerId,
    actorUserId: row.user.id,
    action: 'auth.login',
    entityType: 'user',
    entityId: row.user.id,
    ip: context.ip,
  });
  return tokens;
}
