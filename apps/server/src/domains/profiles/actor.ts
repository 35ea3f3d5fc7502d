import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import type { EventBus } from '../events/bus.ts';
import type { TenantScope } from '../tenancy.ts';
import { isIP } from 'node:net';

/**
 * Who made a change, for the audit trail. An owner's API key (issue #7) is no user: `userId` is null
 * and `apiKeyId` says which key it was.
 */
export type Actor = { userId: string | null; ip: string | null; apiKeyId?: string };
/**
 * What a changing domain function needs: the database, the bus it publishes on after commit, and the
 * report workers' wake-up (look for queued reports now rather than at the next poll).
 */
export type Deps = { db: Db; events: EventBus; wake?: () => void };


export const actorOf = (request: FastifyRequest): Actor => {
  const caller = callerOf(request);
  if (caller.apiKey) return { userId: caller.apiKey.userId, ip: request.ip, apiKeyId: caller.apiKey.id };
  return { userId: caller.user.id, ip: request.ip };
};

/** Creating needs one owner: platform staff acting across owners must name it (`ownerId`). */
export function requireOwner(scope: TenantScope): string {
  if (scope.ownerId === null) throw new ApiError(400, 'owner_required');
  return scope.ownerId;
}

type Change = { ownerId: string | null; action: string; entityType: string; entityId: string | null; changes?: Record<string, unknown> };

/** A change made through an API key names the key. */
const withKey = (c: Change, actor: Actor): Change => (actor.apiKeyId ? { ...c, changes: { ...c.changes, apiKeyId: actor.apiKeyId } } : c);

/** One audit row per change; several at once in one insert (bulk delete). */
export async function audit(db: Db, actor: Actor, ...changes: Change[]): Promise<void> {
  if (changes.length === 1) {
    await recordAudit(db, { ...withKey(changes[0]!, actor), actorUserId: actor.userId, ip: actor.ip });
    return;
  }
  if (changes.length === 0) return;
  const ip = actor.ip && isIP(actor.ip) ? actor.ip : null;
  await db.insert(auditEvents).values(changes.map((c) => ({ ...withKey(c, actor), actorUserId: actor.userId, ip })));
}
