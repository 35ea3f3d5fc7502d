export { emitWebhookEvent, emitWebhookEvents, WEBHOOKS_CHANNEL } from './outbox.ts';
export { allowPrivateWebhooks, webhooksQueue, webhooksQueueFor } from './webhooks-queue.ts';
