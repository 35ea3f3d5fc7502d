import type { Config } from '../../lib/config.ts';
import type { Db } from '../../db/client.ts';
import type { JobLog, Queue } from '../../lib/jobs/index.ts';
import type { ClaimedDelivery } from './jobs.ts';
import { webhooksQueue } from './queue.ts';

export { emitWebhookEvent, emitWebhookEvents, WEBHOOKS_CHANNEL } from './outbox.ts';
export { webhooksQueue } from './queue.ts';

/** Private and loopback endpoints: allowed outside production, and in production only when configured. */
export const allowPrivateWebhooks = (config: Config) =>
  config.WEBHOOKS_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production';

/** The webhook deliveries queue wired from configuration. */
export function webhooksQueueFor(config: Config, db: Db, log?: JobLog): Queue<ClaimedDelivery> {
  return webhooksQueue({
    db,
    concurrency: config.WEBHOOK_CONCURRENCY,
    pollMs: config.WORKER_POLL_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    backoffMs: config.WEBHOOK_BACKOFF_MS,
    backoffMaxMs: config.WEBHOOK_BACKOFF_MAX_MS,
    allowPrivate: allowPrivateWebhooks(config),
    log,
  });
}
