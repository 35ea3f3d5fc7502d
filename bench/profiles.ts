/**
 * The profile list on 1,000,000 persons in PostgreSQL: first page, a filtered page, a text search and a
 * deep keyset page through the API, each next to the very SQL the API runs, sent straight through the
 * driver in the same run (same concurrency, same duration). Target: p95 < 30 ms at 10
 * connections, API p50 within 3× of the bare query. Writes bench/results/profiles.json.
 *   npm run bench:profiles    BENCH_ROWS=1000000 BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_WARMUP_SECONDS=3
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is created there)
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZListProfilesQuery } from '@centinela/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { openPostgres, type Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { encodeCursor } from '../apps/server/src/domains/profiles/cursor.ts';
import { listProfiles } from '../apps/server/src/domains/profiles/list.ts';
import { seedProfiles } from './support/seed-profiles.ts';
import { beginRun, databaseName } from './support/results.ts';
import { summarize } from './support/stats.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'centinela_bench_profiles';

const results = beginRun('profiles');
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();

const database = openPostgres(databaseUrl, CONNECTIONS);
await database.migrate();
const seeded = await seedProfiles(databaseUrl, ROWS);
console.log(`seeded ${ROWS} profiles in ${seeded.ms} ms`);

const config = loadConfig({
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WORKERS: 'false',
  WEB_DIST: '/nonexistent',
  DATABASE_URL: databaseUrl,
});
const app = await buildApp({ config, database });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: seeded.email, password: seeded.password }),
});
const { token } = (await login.json()) as { token: string };

// The SQL each API call runs, captured from the same domain function with a logging drizzle.
const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
pool.on('error', () => {}); // the scratch database is dropped at the end
const captured: { sql: string; params: unknown[] }[] = [];
const capturing = drizzle({
  client: pool,
  schema,
  casing: 'snake_case',
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
});
async function sqlOf(query: string) {
  captured.length = 0;
  await listProfiles(
    capturing as unknown as Db,
    { ownerId: seeded.ownerId },
    ZListProfilesQuery.parse(Object.fromEntries(new URLSearchParams(query))),
  );
  return captured[0]!;
}

async function bareSql(q: { sql: string; params: unknown[] }, seconds = SECONDS) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await pool.query(q.sql, q.params);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { ...summarize(latencies, seconds), errors: 0 };
}

async function api(query: string, seconds = SECONDS) {
  const loader = path.resolve(import.meta.dirname, 'support/load.ts');
  const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');
  const { stdout } = await promisify(execFile)(tsx, [
    loader,
    `${base}/api/v1/profiles?${query}`,
    String(seconds),
    String(CONNECTIONS),
    `Bearer ${token}`,
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ReturnType<typeof summarize> & { errors: number };
}

// A cursor a tenth of the way down (100,000 rows in for the full run), as a user paging far back would hold.
const DEPTH = Math.floor(ROWS / 10);
const deep = await pool.query<{ created_at: Date; id: string }>(
  'SELECT created_at, id FROM profile WHERE owner_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1',
  [seeded.ownerId, DEPTH],
);
const deepCursor = encodeCursor({
  sort: 'created_at',
  order: 'desc',
  value: deep.rows[0]!.created_at.toISOString(),
  id: deep.rows[0]!.id,
});

const cases = [
  ['first page', 'limit=50'],
  ['filtered page (status + country)', 'limit=50&status=FAILED&country=mx'],
  ['text search (q=gómez)', 'limit=50&q=g%C3%B3mez'],
  [`deep keyset page (${DEPTH} rows in)`, `limit=50&cursor=${deepCursor}`],
] as const;

console.log(`${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, ${ROWS} rows, node ${process.version}`);
const rows: ({ case: string; via: string; 'p50 ×SQL'?: number } & Awaited<ReturnType<typeof api>>)[] = [];
for (const [name, query] of cases) {
  // Each side warmed first (JIT, plan cache, pool), as a server that has been up for a while would be.
  await bareSql(await sqlOf(query), WARMUP_SECONDS);
  await api(query, WARMUP_SECONDS);
  const bare = await bareSql(await sqlOf(query));
  const viaApi = await api(query);
  rows.push({ case: name, via: 'SQL (driver)', ...bare });
  rows.push({ case: name, via: 'API', ...viaApi, 'p50 ×SQL': Number((viaApi.p50 / bare.p50).toFixed(1)) });
}
console.table(rows);

const viaApi = rows.filter((r) => r.via === 'API');
const viaSql = rows.filter((r) => r.via === 'SQL (driver)');
const worstP95 = Math.max(...viaApi.map((r) => r.p95));
const worstRatio = Math.max(...viaApi.map((r) => r['p50 ×SQL'] ?? 0));
results.write({
  title: `Profile list on ${ROWS.toLocaleString('en')} persons: four pages through the API next to the same SQL sent straight through the driver`,
  command: 'npm run bench:profiles',
  database: await databaseName(database),
  settings: { rows: ROWS, seconds: SECONDS, connections: CONNECTIONS, 'warm-up seconds': WARMUP_SECONDS },
  summary: {
    figure: `API p95 ${viaApi.map((r) => r.p95).join(' / ')} ms (first, filtered, search, deep page), ${Math.min(...viaApi.map((r) => r.rps))}–${Math.max(...viaApi.map((r) => r.rps))} req/s`,
    anchor: `same SQL through the driver: p95 ${viaSql.map((r) => r.p95).join(' / ')} ms; API p50 ${viaApi.map((r) => r['p50 ×SQL']).join(' / ')}× the SQL's`,
  },
  targets: [
    { target: 'API p95 < 30 ms at 10 connections', measured: `worst ${worstP95} ms`, met: worstP95 < 30 },
    { target: 'API p50 ≤ 3× the bare SQL', measured: `worst ${worstRatio}×`, met: worstRatio <= 3 },
    {
      target: 'no errors',
      measured: `${viaApi.reduce((n, r) => n + r.errors, 0)} errors`,
      met: viaApi.every((r) => r.errors === 0),
    },
  ],
  tables: [{ rows }],
});

await app.close();
await pool.end();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.end();
