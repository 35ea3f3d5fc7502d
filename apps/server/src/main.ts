import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './lib/config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './seed/index.ts';
import { prepareLists } from './domains/watchlists/bundled.ts';
import { printBanner } from './banner.ts';
import { flushErrorReports, initErrorReporting } from './lib/error-reporting.ts';
import { serveBackups } from './db/backup.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
await initErrorReporting({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
let ready = false;
let draining = false;
const app = await buildApp({ config, database, isReady: () => ready, isDraining: () => draining });
// PGlite: `npm run backup` asks this process, which holds the data directory, for a copy of it.
const stopBackups = await serveBackups(database, config.DATA_DIR, app.log);

/**
 * SIGTERM/SIGINT drain (docs/operations.md): readiness answers 503 at once; the job runners stop claiming
 * and their items finish or are given back; for SHUTDOWN_DELAY_MS the listener still serves (the load
 * balancer's checks see the 503 and send new requests elsewhere); then it closes, in-flight requests
 * finish, sockets are told to reconnect (their transports close), and the process exits — or, past
 * SHUTDOWN_DEADLINE_MS, exits with code 1.
 */
closeWithGrace({ delay: config.SHUTDOWN_DEADLINE_MS }, async ({ signal, err }) => {
  draining = true;
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal, deadlineMs: config.SHUTDOWN_DEADLINE_MS }, 'draining: readiness answers 503');
  const jobsStopped = app.jobs.stop();
  if (!err && config.SHUTDOWN_DELAY_MS > 0) await sleep(config.SHUTDOWN_DELAY_MS);
  app.log.info('draining: listener closing, in-flight requests finishing');
  await stopBackups();
  await app.close();
  await jobsStopped;
  await flushErrorReports();
  app.log.info('drained');
});

await database.migrate();
ready = true;
const seed = config.SEED_DEMO ? await seedDemo(database.db) : null;
// Every watch list has its sync row, and a list never loaded gets the snapshot shipped with the product.
await prepareLists(database.db, app.watchlists.sources, app.log);
const address = await app.listen({ host: config.HOST, port: config.PORT });
// Job runners and schedules in this process unless they run on their own (`npm run worker`, WORKERS=false here).
if (config.WORKERS) await app.jobs.start();
printBanner({ config, address, database: database.kind, seed });
