import type { Db } from '../../src/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.ts';
import { eventBody, newMessageId } from '../../src/domains/webhooks/outbox.ts';
import { newWebhookSecret } from '../../src/domains/webhooks/signature.ts';

/** An endpoint of the owner (on a closed local port: nothing is ever sent in the matrix). */
export async function createWebhookEndpoint(db: Db, ownerId: string) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ownerId, url: 'http://127.0.0.1:9/hooks', events: ['profile.created'], secret: newWebhookSecret() })
    .returning();
  return row!;
}

/** A finished delivery of a new endpoint of the owner. */
export async function createWebhookDelivery(db: Db, ownerId: string) {
  const endpoint = await createWebhookEndpoint(db, ownerId);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      ownerId,
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: 'profile.created',
      payload: eventBody('profile.created', { profileId: 'x' }),
      status: 'succeeded',
      attempts: 1,
      giveUpAt: new Date(),
      completedAt: new Date(),
    })
    .returning();
  return row!;
}
