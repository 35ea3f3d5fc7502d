import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type TListWebhookDeliveriesRequest,
  type TListWebhookDeliveriesResponse,
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';
import { getEndpoint } from './endpoints.ts';
import { eventBody, newMessageId, RETRY_WINDOW_MS, WEBHOOKS_CHANNEL } from './outbox.ts';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toDelivery(row: DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** One endpoint's delivery log, newest first (keyset on created_at). */
export async function listDeliveries(
  db: Db,
  scope: TenantScope,
  endpointId: string,
  query: TListWebhookDeliveriesRequest,
): Promise<TListWebhookDeliveriesResponse> {
  await getEndpoint(db, scope, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        query.before ? lt(webhookDeliveries.createdAt, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toDelivery);
  return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.createdAt ?? null) : null };
}

async function getDelivery(db: Db, scope: TenantScope, id: string): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(ownedBy(scope, webhookDeliveries.ownerId), eq(webhookDeliveries.id, id)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** A delivery with its payload and every attempt's request and response. */
export async function deliveryDetail(db: Db, scope: TenantScope, id: string): Promise<TWebhookDeliveryDetail> {
  const row = await getDelivery(db, scope, id);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(asc(webhookAttempts.attempt));
  return {
    ...toDelivery(row),
    payload: row.payload,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      requestHeaders: a.requestHeaders,
      requestBody: a.requestBody,
      responseStatus: a.responseStatus,
      responseHeaders: a.responseHeaders,
      responseBody: a.responseBody,
      error: a.error,
    })),
  };
}

async function enqueue(tx: Db, values: Omit<typeof webhookDeliveries.$inferInsert, 'giveUpAt'>): Promise<DeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ ...values, giveUpAt: new Date(Date.now() + RETRY_WINDOW_MS) })
    .returning();
  await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
  return row!;
}

/** Sends the same event again (same webhook-id, same body: a receiver that dedupes sees one event). */
export async function resendDelivery(
  db: Db,
  { scope, id, actor }: { scope: TenantScope; id: string; actor: Actor },
): Promise<TWebhookDelivery> {
  const original = await getDelivery(db, scope, id);
  return db.transaction(async (tx) => {
    const row = await enqueue(tx, {
      ownerId: original.ownerId,
      endpointId: original.endpointId,
      messageId: original.messageId,
      eventType: original.eventType,
      payload: original.payload,
    });
    await audit(tx, actor, {
      ownerId: original.ownerId,
      action: 'webhook_delivery.resend',
      entityType: 'webhook_delivery',
      entityId: row.id,
      changes: { of: original.id },
    });
    return toDelivery(row);
  });
}

/** A `webhook.test` event to this one endpoint, whatever it subscribed to (even when disabled). */
export async function sendTestEvent(
  db: Db,
  { scope, endpointId, actor }: { scope: TenantScope; endpointId: string; actor: Actor },
): Promise<TWebhookDelivery> {
  const endpoint = await getEndpoint(db, scope, endpointId);
  return db.transaction(async (tx) => {
    const row = await enqueue(tx, {
      ownerId: endpoint.ownerId,
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload: eventBody(WEBHOOK_TEST_EVENT, {
        endpointId: endpoint.id,
        message: 'This is a test event from Centinela.',
      }),
    });
    await audit(tx, actor, {
      ownerId: endpoint.ownerId,
      action: 'webhook_endpoint.test',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
    });
    return toDelivery(row);
  });
}
