/**
 * Load and soak: the real server (`apps/server/src/main.ts`, workers on, as `npm start` runs
 * it) on a seeded PostgreSQL database, driven by autocannon with a realistic mix — list, search, the
 * flyout, create (whose reports the workers then run), filtered list, export — for 60 s at 50
 * connections. Prints requests/s, p50/p99 (overall and per route), errors and the server's memory (RSS)
 * after warm-up, at the end, and after BENCH_IDLE_SECONDS of idling (a leak stays; load-sized heap goes).
 * Target: 0 errors, p99 < 250 ms, memory growth < 10%. Writes bench/results/load.json.
 *   npm run bench:load     BENCH_ROWS=100000 BENCH_SECONDS=60 BENCH_CONNECTIONS=50 BENCH_IDLE_SECONDS=15 BENCH_PORT=3199
 *   BENCH_ONLY=search (one route of the mix alone)
 *   BENCH_KEEP=1 (keep the scratch database afterwards)
 *   BENCH_CPU_PROF=/tmp/prof (a V8 CPU profile of the server for the whole run)
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (a scratch database is created there)
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedProfiles } from './support/seed-profiles.ts';
import { beginRun, postgresVersion } from './support/results.ts';
import { serveArgs } from './support/serve.ts';
import { loadMix, MIX as LOAD_MIX } from './support/load-mix.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3199);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'centinela_bench_load';
const root = path.resolve(import.meta.dirname, '..');

const results = beginRun('load');
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();
{
  const database = openPostgres(databaseUrl, 2);
  await database.migrate();
  await database.close();
}
const seeded = await seedProfiles(databaseUrl, ROWS);
console.log(`seeded ${ROWS} profiles in ${seeded.ms} ms`);

// The server in its own process, started the way `npm run serve` starts it, so its memory is its own.
// BENCH_CPU_PROF=dir: the server writes a V8 CPU profile of the whole run there on exit (open it in Chrome's
// DevTools or sum it with a script) — where the server's own CPU per request goes.
const CPU_PROF = process.env.BENCH_CPU_PROF;
const profArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
const server = spawn(process.execPath, [...profArgs, ...serveArgs()], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i++) {
  if (i > 600) throw new Error('the server did not become healthy in 60 s');
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await sleep(100);
}
// The seed went in behind the server's back: its first analytics compaction recomputes every seeded day
// (a year of them). Measure the steady state, after that catch-up, as a server that has run for a while.
{
  const started = performance.now();
  const dirty = new pg.Client({ connectionString: databaseUrl });
  await dirty.connect();
  while (Number((await dirty.query('SELECT count(*) AS n FROM analytics_dirty')).rows[0].n) > 0) {
    if (performance.now() - started > 300_000)
      throw new Error('the analytics backlog of the seed was not compacted in 5 minutes');
    await sleep(500);
  }
  await dirty.end();
  console.log(`analytics backlog of the seed compacted by the server in ${Math.round(performance.now() - started)} ms`);
}
/** Resident memory of the server process, in MB (Linux /proc). */
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms). */
const cpuMs = (pid: number | string): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // exited meanwhile
  }
};
/** CPU time of every PostgreSQL process on the machine (the backends of the server's pools among them). */
const postgresCpuMs = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuMs(pid), 0);
/** CPU used by the server, PostgreSQL and this load generator: which of them the 2 cores go to. */
const cpuNow = () => ({
  server: cpuMs(server.pid!),
  postgres: postgresCpuMs(),
  generator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
});

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: seeded.email, password: seeded.password }),
});
const { token } = (await login.json()) as { token: string };
const authorization = `Bearer ${token}`;
const firstPage = (await (await fetch(`${base}/api/v1/profiles?limit=50`, { headers: { authorization } })).json()) as {
  items: { id: string }[];
};
const ids = firstPage.items.map((p) => p.id);
const { requests: mix, created: createdCount } = loadMix({ authorization, ids });
const MIX: readonly string[] = LOAD_MIX;
// BENCH_ONLY=flyout (or any name above): that route alone — its CPU per request on each side.
const only = process.env.BENCH_ONLY;
if (only && !MIX.includes(only)) throw new Error(`BENCH_ONLY: one of ${[...new Set(MIX)].join(', ')}`);
const ROUTES = only ? [only] : MIX;
const requests = only ? [mix[MIX.indexOf(only)]!] : mix;
// Each connection sends `requests` in order, so a connection's n-th response answers requests[n % 8]:
// the per-route latencies say which route the p99 comes from.
let byRoute = new Map<string, number[]>();
const run = (seconds: number) => {
  byRoute = new Map(ROUTES.map((name) => [name, []]));
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
    setupClient: (client) => {
      let n = 0;
      client.on('response', (_status: number, _bytes: number, ms: number) =>
        byRoute.get(ROUTES[n++ % ROUTES.length]!)!.push(ms),
      );
    },
  });
};
await run(5); // warm-up: JIT, pools, caches
const memoryStart = rssMb();
const cpuStart = cpuNow();
const result = await run(SECONDS);
const cpuEnd = cpuNow();
const memoryEnd = rssMb();
// A leak stays after the load stops; heap V8 grew for the load is handed back by its memory reducer
// once the process idles (it starts after a few seconds of low allocation). Both readings are printed.
await sleep(IDLE_SECONDS * 1000);
const memoryIdle = rssMb();

console.log(
  `${CONNECTIONS} connections, ${SECONDS} s, PostgreSQL, ${ROWS} persons seeded, ${createdCount()} created during the runs, node ${process.version}`,
);
const overall = [
  {
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    'RSS start MB': Math.round(memoryStart),
    'RSS end MB': Math.round(memoryEnd),
    'growth %': Number((((memoryEnd - memoryStart) / memoryStart) * 100).toFixed(1)),
    [`RSS after ${IDLE_SECONDS} s idle MB`]: Math.round(memoryIdle),
    'idle growth %': Number((((memoryIdle - memoryStart) / memoryStart) * 100).toFixed(1)),
  },
];
console.table(overall);
const perRoute = [...byRoute].map(([route, latencies]) => {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    route,
    requests: sorted.length,
    'p50 ms': Math.round(at(0.5)),
    'p99 ms': Math.round(at(0.99)),
    'max ms': Math.round(sorted.at(-1) ?? 0),
  };
});
console.table(perRoute);
// CPU per request: what each request costs the server's process, PostgreSQL and the load generator (the
// latency figures move with whatever else the machine runs; these hardly do).
const perRequest = (key: keyof typeof cpuStart) =>
  Number(((cpuEnd[key] - cpuStart[key]) / result.requests.total).toFixed(2));
const cpu = { server: perRequest('server'), postgres: perRequest('postgres'), generator: perRequest('generator') };
console.log('CPU ms per request:', cpu);
if (result.non2xx > 0) console.log('non-2xx by status:', { '4xx': result['4xx'], '5xx': result['5xx'] });
const [run0] = overall;
const serverVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
results.write({
  title: `Load and soak: the real server (workers on) on ${ROWS.toLocaleString('en')} persons, ${CONNECTIONS} connections for ${SECONDS} s with a mix of list, search, flyout, filtered list, counts, create and export`,
  command: 'npm run bench:load',
  database: postgresVersion(serverVersion),
  settings: {
    rows: ROWS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    'idle seconds': IDLE_SECONDS,
    only: only ?? 'whole mix',
  },
  summary: {
    figure: `${run0!['req/s']} req/s, p50 ${run0!['p50 ms']} ms, p99 ${run0!['p99 ms']} ms, ${run0!.errors} errors; RSS ${run0!['RSS start MB']} → ${run0!['RSS end MB']} MB (${run0!['growth %']}%)`,
    anchor: `CPU per request: server ${cpu.server} ms, PostgreSQL ${cpu.postgres} ms, load generator ${cpu.generator} ms`,
  },
  targets: [
    { target: '0 errors', measured: String(run0!.errors), met: run0!.errors === 0 },
    { target: 'p99 < 250 ms', measured: `${run0!['p99 ms']} ms`, met: run0!['p99 ms'] < 250 },
    {
      target: 'memory growth < 10% (after warm-up → end of the run)',
      measured: `${run0!['growth %']}%`,
      met: run0!['growth %'] < 10,
    },
  ],
  tables: [
    { title: 'Overall', rows: overall },
    { title: 'Per route', rows: perRoute },
    { title: 'CPU per request (ms)', rows: [cpu] },
  ],
});

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
// BENCH_KEEP=1 keeps the database afterwards (pg_stat_user_tables, EXPLAIN of a slow query).
if (process.env.BENCH_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.end();
