import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/index.ts';
import { printBanner } from './banner.ts';
import { flushErrorReports, initErrorReporting } from './lib/error-reporting.ts';

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
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
let ready = false;
const app = await buildApp({ config, database, isReady: () => ready });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await flushErrorReports();
});

await database.migrate();
ready = true;
const seed = config.SEED_DEMO ? await seedDemo(database.db) : null;
const address = await app.listen({ host: config.HOST, port: config.PORT });
// Report workers in this process unless they run on their own (`npm run worker`, WORKERS=false here).
if (config.WORKERS) {
  await app.reports.start();
  app.csv.runner.start();
  await app.webhooks.start();
}
printBanner({ config, address, database: database.kind, seed });
