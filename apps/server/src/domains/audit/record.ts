import { isIP } from 'node:net';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/index.ts';

export type AuditInput = {
  ownerId: string | null;
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  ip?: string | null;
  changes?: Record<string, unknown>;
};

export const storableIp = (ip: string | null | undefined) => (ip && isIP(ip) ? ip : null);

/** Writes one audit row; pass the transaction when the change itself runs in one. */
export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, ip: storableIp(event.ip) });
}

/** A change an actor made, as `audit` records it. */
export type Change = {
  ownerId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  changes?: Record<string, unknown>;
};

/** A change made through an API key names the key. */
const withKey = (c: Change, actor: Actor): Change =>
  actor.apiKeyId ? { ...c, changes: { ...c.changes, apiKeyId: actor.apiKeyId } } : c;

/** One audit row per change; several at once in one insert (bulk delete). */
export async function audit(db: Db, actor: Actor, ...changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const ip = storableIp(actor.ip);
  await db.insert(auditEvents).values(changes.map((c) => ({ ...withKey(c, actor), actorUserId: actor.userId, ip })));
}
