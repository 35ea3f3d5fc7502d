/**
 * Report workers as their own process (`npm run worker`), next to API processes started with
 * WORKERS=false. Same configuration as the server. On PGlite only one process can open the data
 * directory, so there this is for running reports while no server is up (and for the kill test).
 * Events published here go to browsers through Redis (socket.io redis-emitter, REDIS_URL); without
 * Redis they stay in this process and screens catch up on their next refetch.
 *   npm run worker                   run until stopped (SIGTERM/SIGINT: finish or release in-flight reports)
 *   npm run worker -- --until-idle   run every PENDING report to its end, then exit (cron, scripts, tests)
 */
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { EventBus } from './domains/events/bus.ts';
import { bridgeEventsToSockets } from './domains/realtime/publisher.ts';
import { CsvImportRunner } from './domains/csv/runner.ts';
import { startIdempotencyPurge } from './domains/api-keys/idempotency.ts';
import { startRefillSchedule } from './domains/credits/schedule.ts';
import { startSummaryCompaction } from './domains/metrics/summaries.ts';
import { createReportWorker, REPORTS_CHANNEL } from './domains/reports/index.ts';
import { createWebhookWorker, WEBHOOKS_CHANNEL } from './domains/webhooks/index.ts';
import { createSolWorker, solHandoff } from './domains/sol/index.ts';
import { initErrorReporting } from './lib/error-reporting.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

await initErrorReporting({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV });
const log = pino({ level: config.LOG_LEVEL, name: 'report-worker' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
// Idempotent: a worker may come up before any server has migrated a fresh database.
await database.migrate();
const events = new EventBus();
const realtime = await bridgeEventsToSockets(events, config, log);
// Sol's reference checks (issue #9) run here too; `--until-idle` leaves them (they take up to 48 hours).
const sol = createSolWorker(config, database, events, { log });
const worker = createReportWorker(config, database, events, { log, sol: solHandoff(config, () => sol) });
// CSV imports (issue #5) run here too: each batch queues reports this process then runs.
const csvRunner = new CsvImportRunner({
  db: database.db,
  events,
  batchSize: config.CSV_BATCH_SIZE,
  leaseMs: config.CSV_LEASE_SECONDS * 1000,
  uploadTtlMs: config.CSV_UPLOAD_TTL_HOURS * 3_600_000,
  pollMs: config.WORKER_POLL_MS,
  wakeReports: () => worker.wake(),
  log,
});

// New work committed by any process (an API server with WORKERS=false) wakes this one at once, not at its next poll.
const unlisten = await database.listen(REPORTS_CHANNEL, () => worker.wake());
// Webhook deliveries (issue #7): the outbox rows any process commits.
const webhooks = createWebhookWorker(config, database.db, log);
const unlistenWebhooks = await database.listen(WEBHOOKS_CHANNEL, () => webhooks.wake());
const stopRefills = startRefillSchedule(database.db, events, log);
const stopCompaction = startSummaryCompaction(database.db, log);
const stopPurge = startIdempotencyPurge(database.db, log);

closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'report worker stopping after an error');
  else log.info({ signal }, 'report worker stopping');
  await stopRefills();
  await stopCompaction();
  await stopPurge();
  await unlisten();
  await unlistenWebhooks();
  await csvRunner.stop();
  await worker.stop();
  await webhooks.stop();
  await sol.stop();
  await realtime.close();
  await database.close();
});

log.info({ worker: worker.id, database: database.kind }, 'report worker started');
if (process.argv.includes('--until-idle')) {
  await csvRunner.drain({ timeoutMs: 24 * 3600_000 });
  await worker.drain({ timeoutMs: 24 * 3600_000 });
  await webhooks.drain({ timeoutMs: 24 * 3600_000 });
  await stopRefills();
  await stopCompaction();
  await stopPurge();
  await unlisten();
  await unlistenWebhooks();
  await realtime.close();
  await database.close();
  log.info('report worker: nothing left to run');
  process.exit(0);
}
worker.start();
sol.start();
csvRunner.start();
webhooks.start();
