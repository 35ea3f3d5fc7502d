import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import type { EventBus } from '../events/bus.ts';
import type { TenantScope } from '../tenancy.ts';
import { isIP } from 'node:net';

/** Who made a change, for the audit trail. */
export type Actor = { userId: string; ip: string | null };
/**
 * What a changing domain function needs: the database, the bus it publishes on after commit, and the
 * report workers' wake-up (look for queued reports now rather than at the next poll).
 */
export type Deps = { db: Db; events: EventBus; wake?: () => void };


export const actorOf = (request: FastifyRequest): Actor => ({ userId: callerOf(request).user.id, ip: request.ip });

/** Creating needs one owner: platform staff acting across owners must name it (`ownerId`). */
export function requireOwner(scope: TenantScope): string {
  if (scope.ownerId === null) throw new ApiError(400, 'owner_required');
  return scope.ownerId;
}

type Change = { ownerId: string | null; action: string; entityType: string; entityId: string | null; changes?: Record<string, unknown> };

/** One audit row per change; several at once in one insert (bulk delete). */
export async function audit(db: Db, actor: Actor, ...changes: Change[]): Promise<void> {
  if (changes.length === 1) {
    await recordAudit(db, { ...changes[0]!, actorUserId: actor.userId, ip: actor.ip });
    return;
  }
  if (changes.length === 0) return;
  const ip = actor.ip && isIP(actor.ip) ? actor.ip : null;
  await db.insert(auditEvents).values(changes.map((c) => ({ ...c, actorUserId: actor.userId, ip })));
}
