import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@centinela/shared';
import type { Db } from '../../db/client.ts';

/** The channel committed new deliveries are announced on, so idle delivery workers of every process look at once. */
export const WEBHOOKS_CHANNEL = 'centinela_webhooks';

/** How long a delivery is retried after its event ("for a day"). */
export const RETRY_WINDOW_MS = 24 * 3600_000;

export type WebhookEvent = { ownerId: string; type: WebhookEventType; data: Record<string, unknown> };

/** `webhook-id` (Standard Webhooks): one per event, shared by every endpoint it goes to. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body every attempt sends and signs: `{ type, timestamp, data }`. */
export const eventBody = (type: string, data: Record<string, unknown>, at = new Date()) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * The outbox: inside the caller's transaction, one delivery row per active endpoint of the owner
 * subscribed to the event. Nothing is sent here; the delivery worker sends after commit, so an event
 * is delivered if and only if the change that raised it committed, and a crash loses none.
 */
export async function emitWebhookEvent(tx: Db, event: WebhookEvent): Promise<void> {
  await emitWebhookEvents(tx, [event]);
}

/** `emitWebhookEvent` for many events in one statement (report batches, CSV batches): no endpoint, no row. */
export async function emitWebhookEvents(tx: Db, events: readonly WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = new Date();
  const rows = events.map((e) => ({
    owner_id: e.ownerId,
    type: e.type,
    message_id: newMessageId(),
    payload: eventBody(e.type, e.data, at),
  }));
  const inserted = (await tx.execute(sql`
    INSERT INTO webhook_delivery (owner_id, endpoint_id, message_id, event_type, payload, give_up_at)
    SELECT e.owner_id, e.id, v.message_id, v.type, v.payload, now() + ${RETRY_WINDOW_MS}::double precision * interval '1 millisecond'
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(owner_id uuid, type text, message_id text, payload text)
    JOIN webhook_endpoint e ON e.owner_id = v.owner_id AND e.active AND v.type = ANY(e.events)
    RETURNING 1`)) as unknown as { rows: unknown[] };
  // Delivered at commit, once per transaction however often called.
  if (inserted.rows.length > 0) await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
}
