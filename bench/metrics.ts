/**
 * The navbar metrics and the analytics page on 1,000,000 persons in PostgreSQL: each endpoint through
 * the API next to the very SQL it runs (captured from the same domain function, sent straight through
 * the driver: same concurrency, same duration). Target: p95 < 100 ms. Writes bench/results/metrics.json.
 * Besides the persons (bench/support/seed-profiles.ts: one a minute over ~2 years), the last 90 days get
 * two reports per person, a review decision per person waiting for review and a credit debit per
 * report of the last 30 days, so the analytics queries have their real shape.
 *   npm run bench:metrics     BENCH_ROWS=1000000 BENCH_SECONDS=10 BENCH_CONNECTIONS=10
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is created there)
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZAnalyticsRequest, ZNavbarMetricsRequest } from '@centinela/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { openPostgres, type Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { analytics } from '../apps/server/src/domains/metrics/analytics.ts';
import { compactAnalytics } from '../apps/server/src/domains/metrics/rollups.ts';
import { navbarMetrics } from '../apps/server/src/domains/metrics/navbar.ts';
import { seedProfiles } from './support/seed-profiles.ts';
import { beginRun, databaseName } from './support/results.ts';
import { summarize } from './support/stats.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'centinela_bench_metrics';

const results = beginRun('metrics');
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
// BENCH_REUSE=1: keep a database an earlier BENCH_KEEP=1 run left (migrations still run; no new seed).
const reuse =
  Boolean(process.env.BENCH_REUSE) &&
  (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DB_NAME])).rowCount === 1;
if (!reuse) {
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
}
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();

const database = openPostgres(databaseUrl, CONNECTIONS);
await database.migrate();
const seeded = reuse ? await seededBefore(databaseUrl) : await seedProfiles(databaseUrl, ROWS);
console.log(reuse ? `reusing ${DB_NAME}` : `seeded ${ROWS} profiles in ${seeded.ms} ms`);

async function seededBefore(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const owner = await client.query<{ id: string }>(`SELECT id FROM owner WHERE code_name = 'bench'`);
  await client.end();
  return { ownerId: owner.rows[0]!.id, email: 'bench@example.test', password: 'bench-password', ms: 0 };
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
pool.on('error', () => {}); // the scratch database is dropped at the end
if (!reuse) {
  const start = performance.now();
  const reviewer = await pool.query<{ id: string }>(`SELECT id FROM "user" WHERE owner_id = $1 LIMIT 1`, [
    seeded.ownerId,
  ]);
  await pool.query(
    `INSERT INTO report (owner_id, profile_id, type, status, created_at, updated_at, started_at, completed_at)
     SELECT p.owner_id, p.id, t.type,
            CASE WHEN p.status = 'PENDING' THEN 'PENDING'::report_status
                 WHEN p.status = 'PENDING_MANUAL_REVIEW' AND t.type = 'criminal_records' THEN 'PENDING_MANUAL_REVIEW'::report_status
                 ELSE 'COMPLETED'::report_status END,
            p.created_at, p.created_at, p.created_at + interval '5 seconds',
            CASE WHEN p.status = 'PENDING' THEN NULL ELSE p.created_at + make_interval(secs => 60 + (abs(hashtext(p.id::text)) % 7200)) END
     FROM profile p CROSS JOIN (VALUES ('criminal_records'), ('news_search')) AS t(type)
     WHERE p.owner_id = $1 AND p.created_at >= now() - interval '90 days'`,
    [seeded.ownerId],
  );
  // Report rows stay PENDING for the PENDING persons: keep the claim query from picking them up (no workers run anyway).
  await pool.query(`UPDATE report SET run_after = now() + interval '10 years' WHERE status = 'PENDING'`);
  await pool.query(
    `INSERT INTO audit_event (owner_id, actor_user_id, action, entity_type, entity_id, at)
     SELECT p.owner_id, $2, 'profile.review', 'profile', p.id::text, p.created_at + interval '3 hours'
     FROM profile p WHERE p.owner_id = $1 AND p.status = 'PENDING_MANUAL_REVIEW' AND p.created_at >= now() - interval '90 days'`,
    [seeded.ownerId, reviewer.rows[0]!.id],
  );
  await pool.query(
    `INSERT INTO credit_ledger (owner_id, kind, amount, balance_after, report_id, created_at)
     SELECT r.owner_id, 'debit', -1, 0, r.id, r.created_at FROM report r
     WHERE r.owner_id = $1 AND r.created_at >= now() - interval '30 days'`,
    [seeded.ownerId],
  );
  // The steady state autovacuum reaches: statistics and the visibility map (index-only scans).
  await pool.query('VACUUM ANALYZE profile, report, audit_event, credit_ledger');
  const counts = await pool.query<{ reports: number; reviews: number; debits: number }>(
    `SELECT (SELECT count(*)::int FROM report) AS reports, (SELECT count(*)::int FROM audit_event WHERE action = 'profile.review') AS reviews,
            (SELECT count(*)::int FROM credit_ledger) AS debits`,
  );
  console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${Math.round(performance.now() - start)} ms`);
}

// The analytics rollups of every seeded day (what the server's compaction loop does in the background).
{
  const start = performance.now();
  let days = 0;
  for (let n = 1; n > 0; days += n) n = await compactAnalytics(database.db);
  await pool.query('VACUUM ANALYZE analytics_rollup, analytics_rollup_week, analytics_dirty');
  const rows = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_rollup');
  console.log(
    `analytics rollups: ${days} dirty days folded into ${rows.rows[0]!.n} rows in ${Math.round(performance.now() - start)} ms`,
  );
}

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
type Captured = { sql: string; params: unknown[] };
const captured: Captured[] = [];
const capturing = drizzle({
  client: pool,
  schema,
  casing: 'snake_case',
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db;
async function sqlOf(endpoint: string, query: string): Promise<Captured[]> {
  captured.length = 0;
  const params = Object.fromEntries(new URLSearchParams(query));
  const scope = { ownerId: seeded.ownerId };
  if (endpoint === 'navbar') await navbarMetrics(capturing, scope, ZNavbarMetricsRequest.parse(params));
  else await analytics(capturing, scope, ZAnalyticsRequest.parse(params));
  return [...captured];
}

/** One "call" is every statement of the endpoint, sent as the endpoint sends them (the owner row first for navbar). */
async function bareSql(endpoint: string, statements: Captured[]) {
  const [first, ...rest] = statements;
  const until = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        if (endpoint === 'navbar') {
          await pool.query(first!.sql, first!.params);
          await Promise.all(rest.map((q) => pool.query(q.sql, q.params)));
        } else {
          // The analytics page is one read-only transaction: its statements in order on one connection.
          const client = await pool.connect();
          try {
            for (const q of statements) await client.query(q.sql, q.params);
          } finally {
            client.release();
          }
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { ...summarize(latencies, SECONDS), errors: 0 };
}

async function api(endpoint: string, query: string) {
  const loader = path.resolve(import.meta.dirname, 'support/load.ts');
  const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');
  const { stdout } = await promisify(execFile)(tsx, [
    loader,
    `${base}/api/v1/metrics/${endpoint}?${query}`,
    String(SECONDS),
    String(CONNECTIONS),
    `Bearer ${token}`,
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ReturnType<typeof summarize> & { errors: number };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const cases = [
  ['navbar', 'navbar', 'tz=America/Bogota'],
  ['analytics: last 30 days by day', 'analytics', `from=${day(-29)}&to=${day(0)}&tz=America/Bogota`],
  ['analytics: 30 days, one country', 'analytics', `from=${day(-29)}&to=${day(0)}&country=co&tz=America/Bogota`],
  ['analytics: a year by week', 'analytics', `from=${day(-365)}&to=${day(0)}&bucket=week&tz=America/Bogota`],
] as const;

// BENCH_EXPLAIN=1: each statement's own execution time once (EXPLAIN ANALYZE), to see which one costs.
if (process.env.BENCH_EXPLAIN) {
  for (const [name, endpoint, query] of cases) {
    for (const statement of await sqlOf(endpoint, query)) {
      if (!/^\s*(with|select)/i.test(statement.sql)) continue; // begin, SET LOCAL, commit
      const plan = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
        statement.params,
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      console.log(`${name}: ${lines.at(-1)} — ${statement.sql.replace(/\s+/g, ' ').slice(0, 110)}`);
      if (process.env.BENCH_EXPLAIN === 'plans') console.log(lines.join('\n'));
    }
  }
}

console.log(`${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, ${ROWS} rows, node ${process.version}`);
const rows: ({ case: string; via: string; 'p50 ×SQL'?: number } & Awaited<ReturnType<typeof api>>)[] = [];
for (const [name, endpoint, query] of cases) {
  const bare = await bareSql(endpoint, await sqlOf(endpoint, query));
  const viaApi = await api(endpoint, query);
  rows.push({ case: name, via: 'SQL (driver)', ...bare });
  rows.push({ case: name, via: 'API', ...viaApi, 'p50 ×SQL': Number((viaApi.p50 / bare.p50).toFixed(1)) });
}
console.table(rows);

const viaApi = rows.filter((r) => r.via === 'API');
const viaSql = rows.filter((r) => r.via === 'SQL (driver)');
const worstP95 = Math.max(...viaApi.map((r) => r.p95));
results.write({
  title: `Navbar metrics and analytics on ${ROWS.toLocaleString('en')} persons (rollups compacted): through the API next to the same SQL`,
  command: 'npm run bench:metrics',
  database: await databaseName(database),
  settings: { rows: ROWS, seconds: SECONDS, connections: CONNECTIONS, 'reused database': reuse },
  summary: {
    figure: `API p95: navbar ${viaApi[0]!.p95} ms; analytics ${viaApi
      .slice(1)
      .map((r) => r.p95)
      .join(' / ')} ms (30 days by day, 30 days of one country, a year by week)`,
    anchor: `same SQL through the driver: navbar p95 ${viaSql[0]!.p95} ms; analytics ${viaSql
      .slice(1)
      .map((r) => r.p95)
      .join(' / ')} ms`,
  },
  targets: [
    { target: 'API p95 < 100 ms', measured: `worst ${worstP95} ms`, met: worstP95 < 100 },
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
if (!process.env.BENCH_KEEP) await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.end();
