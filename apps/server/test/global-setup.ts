import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server and the migrated template each test database copies. */
    pg: { adminUrl: string; template: string } | null;
    /** A migrated PGlite data directory, dumped to this file once per run; every PGlite test loads a copy. */
    pgliteSnapshot: string | null;
  }
}

export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

const banner = (lines: string[]) =>
  `\n${'!'.repeat(78)}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${'!'.repeat(78)}\n`;

/**
 * A PGlite database made and migrated once per run (its initdb alone takes seconds, once per test file
 * when each file made its own), dumped to a file each test loads.
 */
async function pgliteSnapshot(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'centinela-pglite-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openPglite('memory://');
  await database.migrate();
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pg', null);
  project.provide('pgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

/** Migrates one template database per run; every PostgreSQL test then gets its own copy. */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB !== 'postgres') return pgliteSnapshot(project);
  project.provide('pgliteSnapshot', null);
  const url = adminUrl();
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const lines = [
      `PostgreSQL at ${url} is unreachable (${(error as Error).message}).`,
      'The server suite on PostgreSQL DID NOT RUN. Start PostgreSQL or set TEST_DATABASE_URL.',
    ];
    if (process.env.CI) throw new Error(banner([...lines, 'CI=true: this is a failure.']), { cause: error });
    console.error(banner(lines));
    project.provide('pg', null);
    return;
  }
  const template = `centinela_tpl_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openPostgres(databaseUrl(url, template), 1);
  await database.migrate();
  await database.close();
  project.provide('pg', { adminUrl: url, template });

  return async () => {
    // Test files keep idle copies for the next file (database.ts): this run's copies end here.
    const copies = await admin.query<{ name: string }>(
      `select datname as name from pg_database where datname like '${template}\\_t\\_%'`,
    );
    for (const { name } of copies.rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
