/**
 * `npm run migrate`: applies the migrations and exits — the step a deploy may run before starting
 * processes. Optional: the server and the worker migrate at start too, and on PostgreSQL an advisory lock
 * (db/client.ts) makes any number of processes starting together apply each migration once.
 */
import { ConfigError, loadConfig } from './lib/config.ts';
import { openDatabase } from './db/client.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  console.log(`migrations: applied (${database.kind})`);
} finally {
  await database.close();
}
