import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { Config } from '../../lib/config.ts';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { deliveryHandler, type DeliverOptions } from './deliver.ts';
import { claimDeliveries, nextDeliveryInMs, type ClaimedDelivery } from './jobs.ts';
import { WEBHOOKS_CHANNEL } from './outbox.ts';

export type WebhookQueueOptions = DeliverOptions & { concurrency: number; pollMs: number };

/** A delivery is pending until delivered or failed for good, due at `next_attempt_at`. */
const ledger: QueueLedger = {
  table: webhookDeliveries,
  unfinished: eq(webhookDeliveries.status, 'pending'),
  dueAt: webhookDeliveries.nextAttemptAt,
  lockedUntil: webhookDeliveries.lockedUntil,
  attempts: webhookDeliveries.attempts,
  failed: eq(webhookDeliveries.status, 'failed'),
};

/**
 * The webhooks queue: a pending delivery row is the job (jobs.ts), POSTed by deliver.ts. The
 * outbox announces new deliveries on WEBHOOKS_CHANNEL when their transaction commits.
 */
export function webhooksQueue(o: WebhookQueueOptions): Queue<ClaimedDelivery> {
  return {
    name: 'webhooks',
    concurrency: o.concurrency,
    // Longer than one attempt can take; a crashed runner's deliveries are taken over after it.
    leaseMs: o.timeoutMs + Math.min(30_000, o.timeoutMs),
    pollMs: o.pollMs,
    channel: WEBHOOKS_CHANNEL,
    claim: ({ runnerId, leaseMs, limit }) => claimDeliveries(o.db, { workerId: runnerId, leaseMs, limit }),
    run: deliveryHandler(o),
    nextDueInMs: () => nextDeliveryInMs(o.db),
    ledger,
  };
}

/** Private and loopback endpoints: allowed outside production, and in production only when configured. */
export const allowPrivateWebhooks = (config: Config) =>
  config.WEBHOOKS_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production';

/** The webhook deliveries queue wired from configuration. */
export function webhooksQueueFor({ config, database, log }: QueueDeps): Queue<ClaimedDelivery> {
  return webhooksQueue({
    db: database.db,
    concurrency: config.WEBHOOK_CONCURRENCY,
    pollMs: config.WORKER_POLL_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    backoffMs: config.WEBHOOK_BACKOFF_MS,
    backoffMaxMs: config.WEBHOOK_BACKOFF_MAX_MS,
    allowPrivate: allowPrivateWebhooks(config),
    log,
  });
}
