import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { TAuditEvent, TListAuditEventsRequest, TListAuditEventsResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema/index.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Audit events, newest first: platform staff see every owner's (and the platform's own), a manager their owner's. */
export async function listAuditEvents(
  db: Db,
  scope: TenantScope,
  query: TListAuditEventsRequest,
): Promise<TListAuditEventsResponse> {
  const conditions: (SQL | undefined)[] = [ownedBy(scope, auditEvents.ownerId)];
  if (query.actor) conditions.push(ilike(users.username, `%${escapeLike(query.actor)}%`));
  if (query.action)
    conditions.push(
      or(eq(auditEvents.action, query.action), ilike(auditEvents.action, `${escapeLike(query.action)}%`)),
    );
  if (query.entityType) conditions.push(eq(auditEvents.entityType, query.entityType));
  if (query.from) conditions.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditEvents.at, new Date(query.to)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: auditEvents, actorName: users.username })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorUserId)).where(where),
  ]);
  const items: TAuditEvent[] = rows.map(({ event, actorName }) => ({
    id: event.id,
    at: event.at.toISOString(),
    ownerId: event.ownerId,
    actor: event.actorUserId && actorName ? { id: event.actorUserId, username: actorName } : null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    ip: event.ip,
    changes: event.changes ?? null,
  }));
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
