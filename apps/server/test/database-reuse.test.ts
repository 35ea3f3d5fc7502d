import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { auditEvents, creditLedger } from '../src/db/schema/index.ts';
import { freshDatabase, databasesDiscarded, databasesMade, type TestDatabase } from './database.ts';
import { createOwner, createProfile, createUser } from './factories.ts';

// The tests of this file run in order, each on a fresh database: the same PGlite engine or PostgreSQL
// database, emptied in between (database.ts). What one test leaves behind, the next must not see.

const pglite = process.env.TEST_DB !== 'postgres';

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

/** Every table the migrations made that holds a row, with its count (drizzle's own record aside). */
async function filledTables(database: Database): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    database,
    sql`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
            and n.nspname not like 'pg\_%'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const counts = await rows<{ name: string; n: number }>(
    database,
    sql.raw(tables.map(({ name }) => `select '${name}' as name, count(*)::int as n from ${name}`).join(' union all ')),
  );
  const filled = counts.filter((table) => table.n > 0).map((table) => `${table.name}: ${table.n}`);
  return filled;
}

/** The owner table's columns, which the structure tests add to. */
async function ownerColumns(database: Database): Promise<string[]> {
  const columns = await rows<{ name: string }>(
    database,
    sql`select column_name as name from information_schema.columns where table_name = 'owner'`,
  );
  return columns.map((c) => c.name);
}

async function withDatabase<T>(run: (fresh: TestDatabase) => Promise<T>): Promise<T | undefined> {
  const fresh = await freshDatabase();
  if (!fresh) return undefined; // PostgreSQL unreachable outside CI: global-setup printed why
  try {
    return await run(fresh);
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

describe('a fresh database per test', () => {
  const heard: string[] = [];
  // Databases made by the end of the first test: an idle one an earlier file left may have served it.
  let madeAfterFirst = 0;

  test('a test leaves rows, a used sequence, a session setting, a lock and a listener behind', async () => {
    await withDatabase(async ({ database }) => {
      const owner = await createOwner(database.db, { name: 'Leftover S.A.' });
      await createUser(database.db, { ownerId: owner.id, roles: ['manager'] });
      await createProfile(database.db, owner.id);
      await database.db.insert(auditEvents).values({ ownerId: owner.id, action: 'leftover', entityType: 'owner' });
      await database.db
        .insert(creditLedger)
        .values({ ownerId: owner.id, kind: 'refill', amount: 5, balanceAfter: 5, dedupeKey: 'leftover' });
      await database.db.execute(sql`set application_name = 'leftover'`);
      await database.db.execute(sql`select pg_advisory_lock(4242)`);
      const stop = await database.listen('leftover_channel', () => heard.push('leftover_channel'));
      // On PostgreSQL a listener is a connection of its own, which reconnects when ended: left running it
      // would retry after this file ends. The PGlite one is left for the reset to stop.
      if (!pglite) await stop();
      expect(await filledTables(database)).not.toEqual([]);
    });
    madeAfterFirst = databasesMade();
  });

  test('the next test sees none of it', async () => {
    await withDatabase(async ({ database }) => {
      expect(await filledTables(database)).toEqual([]);
      const [entry] = await database.db
        .insert(auditEvents)
        .values({ action: 'first', entityType: 'owner' })
        .returning({ id: auditEvents.id });
      expect(entry!.id).toBe(1);
      // The same engine or database, emptied: not a new one made.
      expect(databasesMade()).toBe(madeAfterFirst);
      const [setting] = await rows<{ name: string }>(database, sql`select current_setting('application_name') as name`);
      expect(setting!.name).not.toBe('leftover');
      const [lock] = await rows<{ taken: boolean }>(database, sql`select pg_try_advisory_lock(4242) as taken`);
      expect(lock!.taken).toBe(true);
      if (pglite) {
        await database.db.execute(sql`notify leftover_channel`);
        expect(heard).toEqual([]);
      }
    });
  });

  let discardedBefore = 0;
  test('a test adds a column, which emptying the tables does not notice', async () => {
    discardedBefore = databasesDiscarded();
    await withDatabase(async ({ database }) => {
      await database.db.execute(sql`alter table owner add column leftover text`);
    });
  });

  test('the next test gets the columns the migrations make', async () => {
    await withDatabase(async ({ database }) => {
      expect(await ownerColumns(database)).not.toContain('leftover');
      expect(databasesDiscarded()).toBe(discardedBefore + 1);
    });
  });

  test('a test changes the structure', async () => {
    discardedBefore = databasesDiscarded();
    await withDatabase(async ({ database }) => {
      await database.db.execute(sql`alter table owner add column leftover text`);
      await database.db.execute(sql`drop table credit_ledger`);
    });
  });

  test('the next test gets the structure the migrations make', async () => {
    await withDatabase(async ({ database }) => {
      expect(await ownerColumns(database)).not.toContain('leftover');
      const [ledger] = await rows<{ name: string | null }>(
        database,
        sql`select to_regclass('credit_ledger')::text as name`,
      );
      expect(ledger!.name).toBe('credit_ledger');
      expect(await filledTables(database)).toEqual([]);
      // That one could not be emptied back into shape: it was dropped, and another served this test.
      expect(databasesDiscarded()).toBe(discardedBefore + 1);
    });
  });

  test('a closed database refuses work a test left running', async () => {
    let closed: Database | undefined;
    await withDatabase(async ({ database }) => {
      closed = database;
    });
    if (!closed) return;
    await expect(createOwner(closed.db, { name: 'Too late S.A.' })).rejects.toThrow();
    await withDatabase(async ({ database }) => {
      expect(await filledTables(database)).toEqual([]);
    });
  });
});
