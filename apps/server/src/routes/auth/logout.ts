import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../domains/audit/record.ts';
import type { Caller } from '../../kernel/index.ts';
import { revokeSession } from '../../domains/auth/sessions.ts';

export async function logoutCaller(db: Db, caller: Caller, ip: string) {
  if (caller.sessionId) await revokeSession(db, caller.sessionId);
  await recordAudit(db, {
    ownerId: caller.user.ownerId,
    actorUserId: caller.user.id,
    action: 'auth.logout',
    entityType: 'user',
    entityId: caller.user.id,
    ip,
  });
  return { ok: true as const };
}
