import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { databaseUrl } from './global-setup.ts';

export type TestDatabase = {
  database: Database;
  /** How a separate process reaches the same database: DATABASE_URL, or null for PGlite. */
  url: string | null;
  drop: () => Promise<void>;
};

let pgliteSnapshot: Promise<Blob> | undefined;

/** A migrated PGlite snapshot, made once per worker; each test loads its own copy (~0.3 s). */
function snapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const template = await openPglite('memory://');
    await template.migrate();
    const blob = await template.dump!();
    await template.close();
    return blob;
  })();
  return pgliteSnapshot;
}

async function freshPostgres(config: { adminUrl: string; template: string }): Promise<TestDatabase> {
  const name = `centinela_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${config.template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(config.adminUrl, name);
  const database = openPostgres(url, 4);
  return {
    database,
    url,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: config.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated, empty database for one test, on the engine this project runs against. */
export async function freshDatabase(): Promise<TestDatabase | null> {
  if (process.env.TEST_DB === 'postgres') {
    const config = inject('pg');
    return config ? freshPostgres(config) : null;
  }
  const database = await openPglite('memory://', { loadDataDir: await snapshot() });
  return { database, url: null, drop: async () => {} };
}
