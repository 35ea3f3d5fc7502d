/**
 * GET /api/auth/user (token lookup + user + owner join) next to a bare Fastify JSON route, measured
 * in the same run with autocannon in a separate process. PGlite by default; DATABASE_URL for PostgreSQL.
 *   npm run bench:auth            BENCH_SECONDS=10 BENCH_CONNECTIONS=10
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { owners, users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/domains/auth/password.ts';
import { beginRun, databaseName } from './support/results.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const autocannon = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };

async function measure(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const args = [
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const { stdout } = await promisify(execFile)(autocannon, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

const results = beginRun('auth');
const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-bench-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  PORT: '0',
  WEB_DIST: '/nonexistent',
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
await database.migrate();
const [owner] = await database.db
  .insert(owners)
  .values({ codeName: `bench-${Date.now()}`, name: 'Bench' })
  .returning();
const email = `bench-${Date.now()}@example.test`;
await database.db.insert(users).values({
  ownerId: owner!.id,
  username: email,
  roles: ['analyst'],
  passwordHash: await hashPassword('bench-password'),
});

const app = await buildApp({ config, database });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${appUrl}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'bench-password' }),
});
const { token } = (await login.json()) as { token: string };

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

console.log(
  `autocannon: ${connections} connections, ${seconds} s each; database: ${database.kind}; node ${process.version}`,
);
const rows = [
  ['bare Fastify GET /hello (anchor)', await measure(`${bareUrl}/hello`)],
  ['GET /api/auth/user', await measure(`${appUrl}/api/auth/user`, { authorization: `Bearer ${token}` })],
] as const;
const table = rows.map(([name, r]) => ({
  route: name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  'non-2xx': r.non2xx,
  errors: r.errors,
}));
console.table(table);
const [anchor, measured] = table;
const share = (measured!['req/s'] / anchor!['req/s']) * 100;
console.log(`GET /api/auth/user runs at ${share.toFixed(1)}% of the bare route's throughput`);
results.write({
  title: 'Signed-in user lookup (GET /api/auth/user) next to a bare Fastify route',
  command: 'npm run bench:auth',
  database: await databaseName(database),
  settings: { seconds, connections },
  summary: {
    figure: `GET /api/auth/user ${measured!['req/s']} req/s, p99 ${measured!['p99 ms']} ms`,
    anchor: `bare Fastify route ${anchor!['req/s']} req/s, p99 ${anchor!['p99 ms']} ms (${share.toFixed(1)}% of it)`,
  },
  targets: [],
  tables: [{ rows: table }],
});

await app.close();
await bare.close();
rmSync(dataDir, { recursive: true, force: true });
