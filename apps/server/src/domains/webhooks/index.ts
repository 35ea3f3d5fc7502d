import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { WebhookWorker, type WebhookWorkerOptions } from './worker.ts';

export { emitWebhookEvent, emitWebhookEvents, WEBHOOKS_CHANNEL } from './outbox.ts';
export { WebhookWorker } from './worker.ts';

/** Private and loopback endpoints: allowed outside production, and in production only when configured. */
export const allowPrivateWebhooks = (config: Config) => config.WEBHOOKS_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production';

export function createWebhookWorker(config: Config, db: Db, log?: WebhookWorkerOptions['log']): WebhookWorker {
  return new WebhookWorker({
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
