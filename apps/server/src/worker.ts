/**
 * The job runners and schedules as their own process (`npm run worker`), next to API processes started
 * with WORKERS=false: the same ones the server runs with WORKERS=true (plugins/jobs/build-jobs.ts). Same
 * configuration as the server. On PGlite only one process can open the data directory, so there this
 * is for running jobs while no server is up (and for the kill tests).
 * Events published here go to browsers through Redis (socket.io redis-emitter, REDIS_URL); without
 * Redis they stay in this process and screens catch up on their next refetch.
 *   npm run worker                   run until stopped (SIGTERM/SIGINT: finish or release in-flight jobs)
 *   npm run worker -- --until-idle   run every import, PENDING report and delivery to its end, then exit (cron, scripts, tests)
 */
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './lib/config.ts';
import { openDatabase } from './db/client.ts';
import { EventBus } from './kernel/index.ts';
import { bridgeEventsToSockets } from './domains/realtime/publisher.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { buildJobs } from './plugins/jobs/build-jobs.ts';
import { metricsAccess } from './plugins/metrics/access.ts';
import { serveMetrics } from './plugins/metrics/listener.ts';
import { createMetrics } from './plugins/metrics/registry.ts';
import { serveBackups } from './db/backup.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

await initErrorReporting({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV });
const log = pino({ level: config.LOG_LEVEL, name: 'worker' });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
// Idempotent: a worker may come up before any server has migrated a fresh database.
await database.migrate();
// PGlite: `npm run backup` asks this process, which holds the data directory, for a copy of it.
const stopBackups = await serveBackups(database, config.DATA_DIR, log);
const events = new EventBus();
const realtime = await bridgeEventsToSockets(events, config, log);
const jobs = buildJobs({ config, database, events, log });
// METRICS_PORT: this process's own /metrics (its runners, the queues, its pool, memory, event-loop lag).
const metrics = createMetrics({ database, runners: jobs.runners, role: 'worker' });
const metricsListener =
  config.METRICS_PORT === undefined
    ? null
    : await serveMetrics({
        host: config.HOST,
        port: config.METRICS_PORT,
        access: metricsAccess(config),
        scrape: metrics.scrape,
        contentType: metrics.registry.contentType,
      });
if (metricsListener) log.info({ port: metricsListener.port }, 'worker metrics listening');

// SIGTERM/SIGINT: runners stop claiming; claimed items finish, or are given back (their leases released)
// once what SHUTDOWN_DEADLINE_MS leaves runs out (jobGraceMs); past the deadline the process exits with 1.
closeWithGrace({ delay: config.SHUTDOWN_DEADLINE_MS }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'worker stopping after an error');
  else log.info({ signal, deadlineMs: config.SHUTDOWN_DEADLINE_MS }, 'worker stopping');
  await jobs.stop();
  await metricsListener?.close();
  await realtime.close();
  await stopBackups();
  await database.close();
});

log.info({ runners: jobs.runners.map((r) => r.id), database: database.kind }, 'worker started');
if (process.argv.includes('--until-idle')) {
  jobs.scheduler.start();
  await jobs.runUntilIdle(24 * 3600_000);
  await jobs.stop();
  await metricsListener?.close();
  await realtime.close();
  await stopBackups();
  await database.close();
  log.info('worker: nothing left to run');
  process.exit(0);
}
await jobs.start();
