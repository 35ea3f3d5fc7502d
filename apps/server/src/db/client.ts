import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Whether every migration this release ships is recorded as applied (a newer release's extra ones are fine). */
  migrationsApplied(): Promise<boolean>;
  /** PostgreSQL: the pool's connections (in use, idle) and the queries waiting for one; PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` runs after each transaction that sent NOTIFY to it commits (another
   * process's too, on PostgreSQL). Returns the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `onInvalidate` after each transaction that sent NOTIFY on CACHE_CHANNEL commits: this process's
   * own writes before the writing query returns (every pooled connection LISTENs, and a session hears its
   * own NOTIFY before its ReadyForQuery), other processes' a moment later. For caches of rarely changed
   * rows (callers); a lost connection also invalidates, since a NOTIFY may have been missed.
   */
  watchCache(onInvalidate: () => void): Promise<() => Promise<void>>;
  /** PGlite only: a snapshot of the data directory (tests start each database from one). */
  dump?: () => Promise<Blob>;
  /**
   * PGlite only: runs `fn` while no statement runs (PGlite's query lock), so the data directory's files
   * stand still — how a running server copies them for a backup (`db/backup.ts`).
   */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
};

/** The channel the cache-invalidation triggers notify (migration 0009: user, owner, auth_session). */
export const CACHE_CHANNEL = 'cache_invalidate';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations this release ships (the journal drizzle-kit writes beside them). */
export const shippedMigrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** Drizzle's record of applied migrations (its migrator's default schema and table, on both engines). */
async function appliedMigrations(db: Db): Promise<number> {
  try {
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
    return Number(list[0]?.n ?? 0);
  } catch {
    return 0; // the table does not exist yet: nothing applied
  }
}

/** PGlite on disk under `dataDir`, or in memory when `dataDir` is `memory://`. */
export async function openPglite(dataDir: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  return pgliteDatabase(await createPglite(dataDir, opts));
}

/** The embedded engine itself, with the extensions the migrations use (tests keep one between databases). */
export async function createPglite(dataDir: string, opts: { loadDataDir?: Blob } = {}) {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  // Loaded only when used: a server on PostgreSQL never carries the embedded engine (~40 MB of memory).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...opts });
}

/** The database over a PGlite engine: closing it closes `client`. */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    migrationsApplied: async () => (await appliedMigrations(db as unknown as Db)) >= shippedMigrations,
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    // One session: a NOTIFY reaches its listener before the query that sent it resolves.
    watchCache: async (onInvalidate) => client.listen(CACHE_CHANNEL, onInvalidate),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    exclusive: (fn) => client._runExclusiveQuery(fn),
  };
}

/**
 * A pooled connection that LISTENs on CACHE_CHANNEL before it is first handed out, so a write made on it
 * is heard by it (see `watchCache`).
 */
class ListeningClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
  override connect(callback?: (err: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
    const ready = super.connect().then(async () => {
      await this.query(`LISTEN ${CACHE_CHANNEL}`);
      return this as pg.Client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(null, client),
      (error: Error) => callback(error),
    );
  }
}

/**
 * The pool size when none is configured: 2 × cores + 1. On a database server's cores, more connections
 * than that only queue in its scheduler instead of in the pool (bench:load measured it; docs/performance.md).
 */
export const defaultPoolSize = () => 2 * availableParallelism() + 1;

export function openPostgres(connectionString: string, max = defaultPoolSize()): Database {
  const pool = new pg.Pool({ connectionString, max, Client: ListeningClient });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const cacheWatchers = new Set<() => void>();
  pool.on('connect', (client) => {
    client.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL) for (const watcher of cacheWatchers) watcher();
    });
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateLocked(connectionString, () => migratePg(db, { migrationsFolder })),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrationsApplied: async () => (await appliedMigrations(db as unknown as Db)) >= shippedMigrations,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    listen: (channel, onNotify) => listenPostgres(connectionString, channel, onNotify),
    watchCache: async (onInvalidate) => {
      // Pooled connections hear this process's writes at once; the dedicated one hears other processes'
      // writes even while the pool holds no connection.
      cacheWatchers.add(onInvalidate);
      const stop = await listenPostgres(connectionString, CACHE_CHANNEL, onInvalidate).catch((error: unknown) => {
        cacheWatchers.delete(onInvalidate);
        throw error;
      });
      return async () => {
        cacheWatchers.delete(onInvalidate);
        await stop();
      };
    },
    close: () => pool.end(),
  };
}

/** The advisory lock key the migrator holds (any bigint; this one reads "centinela" in ASCII, trimmed). */
export const MIGRATION_LOCK_KEY = 0x63656e74696e65n;

/**
 * Runs the migrator under a session-level advisory lock on a connection of its own, so processes starting
 * together take turns: the first applies what is missing, the others then find nothing to do. A process
 * that dies holding it ends its session, which releases the lock.
 */
async function migrateLocked(connectionString: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
    await lock.end();
  }
}

/**
 * A dedicated connection (LISTEN holds its session, so never a pooled one) that reconnects after a
 * lost server and then notifies once, since a NOTIFY may have been missed meanwhile.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    c.on('error', () => {
      if (stopped || client !== c) return;
      client = null;
      void c.end().catch(() => {});
      retry = setTimeout(() => void connect(false).catch(() => {}), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      void c.end().catch(() => {});
      if (first) throw error;
      if (!stopped) retry = setTimeout(() => void connect(false).catch(() => {}), 1000);
      return;
    }
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    if (!first) onNotify();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number | undefined;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}
