import { isIP } from 'node:net';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

export type AuditInput = {
  ownerId: string | null;
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  ip?: string | null;
  changes?: Record<string, unknown>;
};

/** Writes one audit row; pass the transaction when the change itself runs in one. */
export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, ip: event.ip && isIP(event.ip) ? event.ip : null });
}
