import { sql } from 'drizzle-orm';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { deliveryHandler, type DeliverOptions } from './deliver.ts';
import { claimDeliveries, nextDeliveryInMs, type ClaimedDelivery } from './jobs.ts';
import { WEBHOOKS_CHANNEL } from './outbox.ts';

export type WebhookQueueOptions = DeliverOptions & { concurrency: number; pollMs: number };

/** A delivery is pending until delivered or failed for good, due at `next_attempt_at`. */
const ledger: QueueLedger = {
  rows: sql`webhook_delivery`,
  unfinished: sql`status = 'pending'`,
  dueAt: sql`next_attempt_at`,
  lockedUntil: sql`locked_until`,
  attempts: sql`attempts`,
  failed: sql`status = 'failed'`,
};

/**
 * The webhooks queue (issue #7): a pending delivery row is the job (jobs.ts), POSTed by deliver.ts. The
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
