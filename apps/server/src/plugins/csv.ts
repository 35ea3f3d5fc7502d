import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CsvImportRunner } from '../domains/csv/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** CSV imports (issue #5): the runner main.ts starts when WORKERS=true; tests call `runner.drain()`. */
    csv: { runner: CsvImportRunner; wake(): void };
  }
}

export default fp(
  async function csv(app: FastifyInstance) {
    const runner = new CsvImportRunner({
      db: app.db,
      events: app.events,
      batchSize: app.config.CSV_BATCH_SIZE,
      leaseMs: app.config.CSV_LEASE_SECONDS * 1000,
      uploadTtlMs: app.config.CSV_UPLOAD_TTL_HOURS * 3_600_000,
      pollMs: app.config.WORKER_POLL_MS,
      wakeReports: () => app.reports.wake(),
      log: app.log,
    });
    app.decorate('csv', { runner, wake: () => runner.wake() });
    // preClose: an in-flight batch commits (or rolls back) before the database closes.
    app.addHook('preClose', async () => {
      await runner.stop();
    });
  },
  { name: 'csv', dependencies: ['db', 'reports'] },
);
