import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

let pgliteSnapshot: Blob | undefined;

/** The migrated PGlite data directory global-setup dumped once per run; each test loads its own copy. */
function snapshot(): Blob {
  const file = inject('pgliteSnapshot');
  if (!file) throw new Error('No PGlite snapshot: run the server suites through vitest.config.ts');
  pgliteSnapshot ??= new Blob([readFileSync(file)]);
  return pgliteSnapshot;
}

/**
 * A migrated PGlite database in a folder, for tests whose child processes open it after them (one process
 * at a time): loaded from the snapshot rather than made and migrated again.
 */
export function openPgliteOnDisk(dataDir: string): Promise<Database> {
  return openPglite(dataDir, { loadDataDir: snapshot() });
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
  const database = await openPglite('memory://', { loadDataDir: snapshot() });
  return { database, url: null, drop: async () => {} };
}
