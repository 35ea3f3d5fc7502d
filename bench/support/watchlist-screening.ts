import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { owners, users } from '../../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../../apps/server/src/domains/auth/password.ts';
import { reviewThreshold, screenPerson } from '../../apps/server/src/domains/watchlists/screen.ts';
import type { Config } from '../../apps/server/src/lib/config.ts';
import { createRng } from '../../apps/server/src/lib/rng.ts';
import { summarize } from './stats.ts';
import { screeningMix, type ScreenCase } from './watchlist-names.ts';

type Query = { sql: string; params: unknown[] };
type RawClient = { query(sql: string, params: unknown[]): Promise<unknown> };
const clientOf = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

/** A drizzle over the same connection that records every statement it sends (the SQL the API runs). */
async function capturing(database: Database, captured: Query[]): Promise<Db> {
  const options = {
    client: clientOf(database) as never,
    schema,
    casing: 'snake_case' as const,
    logger: { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) },
  };
  if (database.kind === 'pglite') return (await import('drizzle-orm/pglite')).drizzle(options) as unknown as Db;
  return (await import('drizzle-orm/node-postgres')).drizzle(options) as unknown as Db;
}

/** An owner and an analyst to sign in as. */
async function analyst(db: Db) {
  const [owner] = await db
    .insert(owners)
    .values({ codeName: `bench-${Date.now()}`, name: 'Bench S.A.' })
    .returning();
  const email = `analyst-${Date.now()}@example.test`;
  await db.insert(users).values({
    ownerId: owner!.id,
    username: email,
    roles: ['analyst'],
    passwordHash: await hashPassword('bench-password'),
  });
  return { ownerId: owner!.id, email, password: 'bench-password' };
}

/** The candidate query's SQL for each case (captured from screenPerson itself), and what each case found. */
async function candidateQueries(database: Database, cases: ScreenCase[], threshold: number, maxAgeDays: number) {
  const captured: Query[] = [];
  const db = await capturing(database, captured);
  const queries: Query[] = [];
  const found = new Map<string, { cases: number; 'with a match': number }>();
  for (const c of cases) {
    captured.length = 0;
    const { matches } = await screenPerson(
      db,
      { name: c.body.name, documentId: c.body.documentId ?? null, birthDate: c.body.birthDate ?? null },
      { threshold, maxAgeDays },
    );
    queries.push(captured.find((q) => q.sql.includes('watchlist_name') || q.sql.includes('watchlist_document'))!);
    const row = found.get(c.kind) ?? { cases: 0, 'with a match': 0 };
    row.cases++;
    if (matches.length > 0) row['with a match']++;
    found.set(c.kind, row);
  }
  return { queries, mix: [...found].map(([kind, row]) => ({ kind, ...row })) };
}

/** CONNECTIONS loops sending the queries in turn for SECONDS, straight through the driver. */
async function bareSql(database: Database, queries: Query[], seconds: number, connections: number) {
  const client = clientOf(database);
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const q = queries[next++ % queries.length]!;
        const start = performance.now();
        await client.query(q.sql, q.params);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { ...summarize(latencies, seconds), errors: 0 };
}

/** The same bodies POSTed to the API by autocannon in its own process (bench/support/load-posts.ts). */
async function throughApi(url: string, bodiesFile: string, token: string, seconds: number, connections: number) {
  const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
  const loader = path.resolve(import.meta.dirname, 'load-posts.ts');
  const { stdout, stderr } = await promisify(execFile)(tsx, [
    loader,
    url,
    bodiesFile,
    String(seconds),
    String(connections),
    `Bearer ${token}`,
  ]);
  if (stderr) process.stderr.write(stderr);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ReturnType<typeof summarize> & { errors: number };
}

/**
 * Part 1 of bench/watchlists.ts: the screening mix through the API (the real app, in this process, with
 * its own pool) and its candidate query alone, each warmed first, then measured for the same time.
 */
export async function measureScreening(
  database: Database,
  config: Config,
  o: { seconds: number; connections: number; names: number },
) {
  const account = await analyst(database.db);
  const cases = await screeningMix(database.db, createRng('bench-watchlists-screening'), o.names);
  const threshold = await reviewThreshold(database.db, account.ownerId);
  const { queries, mix } = await candidateQueries(database, cases, threshold, config.WATCHLIST_MAX_AGE_DAYS);

  // Closing the app closes its database; the bench goes on using this one afterwards.
  const app = await buildApp({ config, database: { ...database, close: async () => {} } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'centinela-bench-screen-'));
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const bodiesFile = path.join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(cases.map((c) => c.body)));
    const url = `${base}/api/v1/watchlists/screen`;
    const warmup = Math.min(3, o.seconds);
    await bareSql(database, queries, warmup, o.connections);
    await throughApi(url, bodiesFile, token, warmup, o.connections);
    const sqlRun = await bareSql(database, queries, o.seconds, o.connections);
    const apiRun = await throughApi(url, bodiesFile, token, o.seconds, o.connections);
    const rows = [
      { via: 'candidate SQL through the driver (anchor)', connections: o.connections, ...sqlRun },
      { via: 'API', connections: o.connections, ...apiRun },
    ];
    return { rows, mix };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
