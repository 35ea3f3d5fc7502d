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
/** Each database this worker made and has not dropped, with how to empty it and its catalogs' mark. */
const madePostgres = new Map<string, { reset: Reset; mark: string }>();
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
    const { reset, mark } = madePostgres.get(name)!;
    const reusable = await withClient(databaseUrl(config.adminUrl, name), async (client) => {
      // Work a test left running (an unclosed pool, a listener) must not reach the next test's database.
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await empty(client, reset);
      return (await markOf(client)) === mark;
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
    madePostgres.set(name, { reset: await resetOf(client), mark: await markOf(client) });
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
 * and comes back when that database is closed; before it is handed out again its session is reset, its
 * tables emptied and its sequences restarted, and its catalogs' mark is compared with the one it had when
 * loaded: an engine a test changed the structure of (a dropped table, a new column) is closed and a new
 * one loaded.
 */
type Engine = { client: PGlite; reset: Reset; mark: string };

const idleEngines: Engine[] = [];
const openEngines = new Set<Engine>();
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
 * A mark of the database's catalogs: per catalog that holds what migrations make (relations, columns,
 * defaults, constraints, indexes, triggers, rules, functions, types, enum labels, schemas, extensions,
 * sequences, policies, the database's settings) and drizzle's record of migrations, its row count and the
 * newest transaction that wrote a row. Any DDL inserts, updates or deletes a row there, so the mark moves;
 * emptying tables (DELETE, setval) writes none. Temporary schemas are left out: a session makes its own
 * the first time it needs one, and DISCARD ALL drops its tables.
 */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_rewrite',
  'pg_proc',
  'pg_type',
  'pg_enum',
  'pg_extension',
  'pg_sequence',
  'pg_policy',
  'drizzle.__drizzle_migrations',
];
const MARK = `select concat_ws(' ', ${[
  ...CATALOGS.map((table) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${table})`),
  `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_namespace
     where nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%')`,
  `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_db_role_setting
     where setdatabase = (select oid from pg_database where datname = current_database()))`,
].join(', ')}) as mark`;

/** PGlite's engine or a PostgreSQL connection: both answer a query with its rows. */
type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

async function rowsOf<T>(client: Queryable, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

/** PGlite's simple protocol, which VACUUM needs (outside a transaction block): the last statement's rows. */
function simpleQueries(client: PGlite): Queryable {
  return { query: async (text) => ({ rows: (await client.exec(text)).at(-1)?.rows ?? [] }) };
}

async function markOf(client: Queryable): Promise<string> {
  const [row] = await rowsOf<{ mark: string }>(client, MARK);
  return row!.mark;
}

/** How to empty a database made by the migrations: its tables (drizzle's record aside) and sequences. */
type Reset = { emptyTables: string; restartSequences: string | null };

/**
 * Deleting rows costs a fraction of a TRUNCATE, which makes new files for every table and index of the
 * cascade. Foreign keys are triggers that the replica role does not fire, so the tables are emptied in
 * any order, in one statement that names the ones that had rows: those are vacuumed (see `empty`).
 */
async function resetOf(client: Queryable): Promise<Reset> {
  const tables = (
    await rowsOf<{ name: string }>(
      client,
      `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where ${USER_SCHEMA} and n.nspname <> 'drizzle' and c.relkind = 'r' order by 1`,
    )
  ).map((t) => t.name);
  const sequences = await rowsOf<{ name: string; start: string }>(
    client,
    `select s.seqrelid::regclass::text as name, s.seqstart::text as start from pg_sequence s
       join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMA} and n.nspname <> 'drizzle' order by 1`,
  );
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const filled = await rowsOf<{ name: string }>(
    client,
    tables.map((t) => `select ${literal(t)} as name where exists (select 1 from ${t})`).join(' union all '),
  );
  // The reset empties every table: a migration that seeds rows needs them put back here.
  if (filled.length)
    throw new Error(
      `The migrated snapshot has rows in ${filled.map((t) => t.name).join(', ')}: reset cannot empty them`,
    );
  const deletes = tables.map((t, i) => `d${i} as (delete from ${t} returning 1)`).join(',\n');
  const emptied = tables.map((t, i) => `select ${literal(t)} as name where exists (select 1 from d${i})`);
  return {
    emptyTables: `with ${deletes}\n${emptied.join(' union all ')}`,
    restartSequences: sequences.length
      ? `select ${sequences.map((q) => `setval(${literal(q.name)}, ${q.start}, false)`).join(', ')}`
      : null,
  };
}

/**
 * Empties a database in the migrated shape, on the session given: rows deleted, the tables that had some
 * vacuumed (so the next test starts on empty files, as after a migration), sequences from their start.
 */
async function empty(client: Queryable, reset: Reset) {
  await client.query('set session_replication_role = replica');
  const emptied = await rowsOf<{ name: string }>(client, reset.emptyTables);
  await client.query('reset session_replication_role');
  if (emptied.length) await client.query(`vacuum ${emptied.map((t) => t.name).join(', ')}`);
  if (reset.restartSequences) await client.query(reset.restartSequences);
}

async function loadEngine(): Promise<Engine> {
  const client = await createPglite('memory://', { loadDataDir: snapshot() });
  made++;
  const session = simpleQueries(client);
  const engine: Engine = { client, reset: await resetOf(session), mark: await markOf(session) };
  openEngines.add(engine);
  return engine;
}

/** An emptied engine whose structure is the snapshot's, or a newly loaded one. */
async function takeEngine(): Promise<Engine> {
  for (let engine = idleEngines.pop(); engine; engine = idleEngines.pop()) {
    // DISCARD ALL (session settings, advisory locks, LISTENs, prepared statements) refuses a transaction
    // block, which a multi-statement exec is: it runs on its own.
    const session = simpleQueries(engine.client);
    const reusable = await engine.client
      .exec('discard all')
      .then(() => empty(session, engine.reset))
      .then(async () => (await markOf(session)) === engine.mark)
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
