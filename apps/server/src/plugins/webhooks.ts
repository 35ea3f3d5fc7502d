import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWebhookWorker, WEBHOOKS_CHANNEL, type WebhookWorker } from '../domains/webhooks/index.ts';

export type WebhooksService = {
  /** The in-process delivery worker. Tests call `worker.drain()` instead of starting it. */
  worker: WebhookWorker;
  /** Starts the worker and wakes it on every NOTIFY of new deliveries, from any process (main.ts, WORKERS=true). */
  start(): Promise<void>;
  wake(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook deliveries (issue #7): domains/webhooks (emitWebhookEvent inside your transaction). */
    webhooks: WebhooksService;
  }
}

export default fp(
  async function webhooks(app: FastifyInstance) {
    const worker = createWebhookWorker(app.config, app.db, app.log);
    let unlisten: (() => Promise<void>) | undefined;
    app.decorate('webhooks', {
      worker,
      start: async () => {
        worker.start();
        unlisten ??= await app.database.listen(WEBHOOKS_CHANNEL, () => worker.wake());
      },
      wake: () => worker.wake(),
    } satisfies WebhooksService);
    // preClose: before the database closes under the in-flight deliveries.
    app.addHook('preClose', async () => {
      await unlisten?.();
      await worker.stop();
    });
  },
  { name: 'webhooks', dependencies: ['db'] },
);
