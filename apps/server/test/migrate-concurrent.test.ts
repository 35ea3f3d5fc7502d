import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { shippedMigrations } from '../src/db/client.ts';
import { describe, expect, test } from './helper.ts';
import { databaseUrl } from './global-setup.ts';
import { startNode } from './support/processes.ts';

describe('migrations on PostgreSQL', () => {
  test(
    'several processes starting together on an empty database apply each migration once',
    { timeout: 240_000 },
    async ({ skip }) => {
      const config = process.env.TEST_DB === 'postgres' ? inject('pg') : null;
      if (!config) return skip('PostgreSQL only (PGlite opens in one process at a time)');
      // An empty database, not a copy of the migrated template.
      const name = `centinela_m_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: config.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = databaseUrl(config.adminUrl, name);
      try {
        const migrators = Array.from({ length: 4 }, () =>
          startNode('apps/server/src/migrate.ts', { DATABASE_URL: url, LOG_LEVEL: 'warn' }),
        );
        const codes = await Promise.all(migrators.map((m) => m.exited));
        expect(codes, migrators.map((m) => m.output()).join('\n---\n')).toEqual([0, 0, 0, 0]);

        const check = new pg.Client({ connectionString: url });
        await check.connect();
        try {
          const applied = await check.query<{ hash: string; n: number }>(
            'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
          );
          expect(applied.rows).toHaveLength(shippedMigrations);
          expect(applied.rows.every((r) => r.n === 1)).toBe(true);
          // The schema is there (a table of the last migrations, and one of the first).
          const tables = await check.query<{ t: string }>(
            `select table_name as t from information_schema.tables where table_schema = 'public'
              and table_name in ('report', 'watchlist_source')`,
          );
          expect(tables.rows.map((r) => r.t).sort()).toEqual(['report', 'watchlist_source']);
        } finally {
          await check.end();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
