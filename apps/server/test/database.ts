import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openPglite, openPostgres, pgliteDatabase, type Database } from '../src/db/client.ts';
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

type PostgresConfig = { adminUrl: string; template: string };

/**
 * PostgreSQL databases kept between tests and test files, each first copied from the migrated template
 * (`CREATE DATABASE … TEMPLATE`). Dropping one waits for a checkpoint, seconds on a busy machine: a
 * finished test's database is emptied like a PGlite engine (below), after every session still connected
 * to it is ended, and serves the next test; global-setup drops them at the end of the run.
 */
const idlePostgres: string[] = [];
/** Each database this worker made and has not dropped, with the statements that empty it. */
const madePostgres = new Map<string, string>();
let postgresConfig: PostgresConfig | undefined;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropPostgres(config: PostgresConfig, names: string[]) {
  if (!names.length) return;
  await withClient(config.adminUrl, async (admin) => {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function takePostgres(config: PostgresConfig): Promise<string> {
  postgresConfig = config;
  for (let name = idlePostgres.pop(); name; name = idlePostgres.pop()) {
    const reset = madePostgres.get(name)!;
    const reusable = await withClient(databaseUrl(config.adminUrl, name), async (client) => {
      // Work a test left running (an unclosed pool, a listener) must not reach the next test's database.
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await client.query(reset);
      return (await structureOf(client)) === (await expectedStructure);
    }).catch(() => false);
    if (reusable) return name;
    discarded++;
    madePostgres.delete(name);
    await dropPostgres(config, [name]);
  }
  const name = `${config.template}_t_${randomBytes(6).toString('hex')}`;
  await withClient(config.adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${config.template}`));
  made++;
  await withClient(databaseUrl(config.adminUrl, name), async (client) => {
    expectedStructure ??= structureOf(client);
    await expectedStructure;
    madePostgres.set(name, await resetStatements(client));
  });
  return name;
}

async function freshPostgres(config: PostgresConfig): Promise<TestDatabase> {
  const name = await takePostgres(config);
  const url = databaseUrl(config.adminUrl, name);
  const database = openPostgres(url, 4);
  let released = false;
  return {
    database,
    url,
    drop: async () => {
      if (released) return;
      released = true;
      await database.close().catch(() => undefined);
      if (madePostgres.has(name)) idlePostgres.push(name);
    },
  };
}

/** A fresh, migrated, empty database for one test, on the engine this project runs against. */
export async function freshDatabase(): Promise<TestDatabase | null> {
  if (process.env.TEST_DB === 'postgres') {
    const config = inject('pg');
    return config ? freshPostgres(config) : null;
  }
  const engine = await takeEngine();
  const view = engineView(engine);
  const database = await pgliteDatabase(view.client);
  return { database, url: null, drop: view.release };
}

/**
 * PGlite engines kept between tests and test files. Loading the snapshot starts a new engine, seconds of
 * CPU for each test; emptying a used one takes milliseconds. An engine is taken by one database at a time
 * and comes back when that database is closed; before it is handed out again its tables are emptied, its
 * sequences restarted and its session reset, and its structure is compared with the snapshot's: an engine
 * a test changed the structure of (a dropped table, a new column) is closed and a new one loaded.
 */
type Engine = { client: PGlite; reset: string };

const idleEngines: Engine[] = [];
const openEngines = new Set<Engine>();
let expectedStructure: Promise<string> | undefined;
let made = 0;
let discarded = 0;

/**
 * How many databases this worker has made so far (PGlite engines loaded from the snapshot, PostgreSQL
 * copies of the template), for database-reuse.test.
 */
export const databasesMade = () => made;
/** How many used engines or databases could not be emptied back into the migrated shape, and were dropped. */
export const databasesDiscarded = () => discarded;

/**
 * The server suites share a worker's modules between test files (vitest.config.ts, `isolate: false`), so
 * idle engines and databases outlive a file and serve the next one, emptied as between two tests. At a
 * file's end (file-hooks.ts) what a test never gave back is closed or dropped, and the idle pools are
 * trimmed; global-setup drops this run's PostgreSQL databases at the end.
 */
export async function endOfFile() {
  const leakedPostgres = [...madePostgres.keys()].filter((name) => !idlePostgres.includes(name));
  const extraPostgres = idlePostgres.splice(IDLE_KEPT);
  for (const name of [...leakedPostgres, ...extraPostgres]) madePostgres.delete(name);
  if (postgresConfig) await dropPostgres(postgresConfig, [...leakedPostgres, ...extraPostgres]);
  const leakedEngines = [...openEngines].filter((engine) => !idleEngines.includes(engine));
  const extraEngines = idleEngines.splice(IDLE_KEPT);
  for (const engine of [...leakedEngines, ...extraEngines]) openEngines.delete(engine);
  await Promise.all([...leakedEngines, ...extraEngines].map((engine) => engine.client.close().catch(() => undefined)));
}

/** Idle engines or databases a worker keeps for the next file (a PGlite engine holds ~100 MB). */
const IDLE_KEPT = 2;

/** Schemas the migrations own: every one but PostgreSQL's catalogs (and drizzle's record, kept as loaded). */
const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/**
 * One line per thing the migrations make, hashed: relations, columns, constraints, indexes, triggers,
 * functions, views, enum labels, extensions, the applied-migrations record and the database's settings
 * (not the server's roles or other databases: a PostgreSQL server is shared).
 */
const STRUCTURE = `
select md5(string_agg(line, E'\n' order by line)) as structure from (
  select 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}
  union all
  select 'col ' || c.oid::regclass::text || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
      || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${USER_SCHEMA} and a.attnum > 0 and not a.attisdropped
  union all
  select 'con ' || co.conrelid::regclass::text || ' ' || co.conname || ' ' || pg_get_constraintdef(co.oid)
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${USER_SCHEMA}
  union all
  select 'idx ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA}
  union all
  select 'trg ' || pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
  union all
  select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}
  union all
  select 'view ' || c.oid::regclass::text || ' ' || pg_get_viewdef(c.oid)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA} and c.relkind in ('v', 'm')
  union all
  select 'enum ' || e.enumtypid::regtype::text || ' ' || e.enumlabel || ' ' || e.enumsortorder from pg_enum e
  union all
  select 'ext ' || extname || ' ' || extversion from pg_extension
  union all
  select 'mig ' || id || ' ' || hash || ' ' || created_at from drizzle.__drizzle_migrations
  union all
  select 'setting ' || setrole || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
    where setdatabase = (select oid from pg_database where datname = current_database())
) lines`;

/** PGlite's engine or a PostgreSQL connection: both answer a query with its rows. */
type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

async function rowsOf<T>(client: Queryable, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

async function structureOf(client: Queryable): Promise<string> {
  const [row] = await rowsOf<{ structure: string }>(client, STRUCTURE);
  return row!.structure;
}

/** The statements that empty an engine: every table but drizzle's record, every sequence from its start. */
async function resetStatements(client: Queryable): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    client,
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMA} and n.nspname <> 'drizzle' and c.relkind in ('r', 'p') order by 1`,
  );
  const sequences = await rowsOf<{ name: string }>(
    client,
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMA} and n.nspname <> 'drizzle' and c.relkind = 'S' order by 1`,
  );
  const filled = await rowsOf<{ name: string }>(
    client,
    tables
      .map((t) => `select '${t.name.replaceAll("'", "''")}' as name where exists (select 1 from ${t.name})`)
      .join(' union all '),
  );
  // The reset empties every table: a migration that seeds rows needs them put back here.
  if (filled.length)
    throw new Error(
      `The migrated snapshot has rows in ${filled.map((t) => t.name).join(', ')}: reset cannot empty them`,
    );
  return [
    `truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`,
    ...sequences.map((s) => `alter sequence ${s.name} restart`),
  ].join(';\n');
}

async function loadEngine(): Promise<Engine> {
  const client = await createPglite('memory://', { loadDataDir: snapshot() });
  made++;
  const engine: Engine = { client, reset: await resetStatements(client) };
  expectedStructure ??= structureOf(client);
  await expectedStructure;
  openEngines.add(engine);
  return engine;
}

/** An emptied engine whose structure is the snapshot's, or a newly loaded one. */
async function takeEngine(): Promise<Engine> {
  for (let engine = idleEngines.pop(); engine; engine = idleEngines.pop()) {
    // DISCARD ALL (session settings, advisory locks, LISTENs, prepared statements) refuses a transaction
    // block, which a multi-statement exec is: it runs on its own.
    const reusable = await engine.client
      .exec('discard all')
      .then(() => engine.client.exec(engine.reset))
      .then(async () => (await structureOf(engine.client)) === (await expectedStructure))
      .catch(() => false);
    if (reusable) return engine;
    discarded++;
    openEngines.delete(engine);
    await engine.client.close().catch(() => undefined);
  }
  return loadEngine();
}

/**
 * What one test's database sees of an engine: closing it stops the listeners it started and gives the
 * engine back; after that it refuses every call, so work a test leaves running cannot reach the next
 * test's database.
 */
function engineView(engine: Engine): { client: PGlite; release: () => Promise<void> } {
  let closed = false;
  const stops = new Set<() => Promise<void>>();
  const release = async () => {
    if (closed) return;
    closed = true;
    for (const stop of [...stops]) await stop().catch(() => undefined);
    if (openEngines.has(engine)) idleEngines.push(engine);
  };
  const client = new Proxy(engine.client, {
    get(target, property) {
      if (property === 'close') return release;
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) return Promise.reject(new Error('This test database is closed'));
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (property !== 'listen') return result;
        return (result as Promise<() => Promise<void>>).then((unlisten) => {
          const stop = async () => {
            stops.delete(stop);
            await unlisten();
          };
          stops.add(stop);
          return stop;
        });
      };
    },
  });
  return { client, release };
}
