/**
 * bench:fleet: does a second API process behind HAProxy buy throughput on this machine, and
 * where does the CPU go? bench:load's mix at a fixed number of connections against
 *   1. one API process, directly;
 *   2. the same process behind HAProxy (deploy/haproxy.cfg, the second server down) — HAProxy's own cost;
 *   3. two API processes behind HAProxy;
 * each with one worker process running the created persons' reports, on one PostgreSQL and one Redis.
 * Prints requests/s and p50/p99 side by side with the CPU each part used (from /proc: the API
 * processes, the worker, every PostgreSQL process, HAProxy, the load generator) and PostgreSQL's share
 * of the machine. Writes bench/results/fleet.json.
 *   npm run bench:fleet    BENCH_ROWS=20000 BENCH_SECONDS=30 BENCH_CONNECTIONS=50 FLEET_PORT_BASE=3131
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadMix } from '../support/load-mix.ts';
import { beginRun, postgresVersion, round } from '../support/results.ts';
import {
  cpuMs,
  cpuMsOfAll,
  fleetPorts,
  freshDatabase,
  haproxyStatus,
  signIn,
  startApi,
  startHaproxy,
  startRedis,
  startWorker,
  stopProcess,
  until,
  type Proc,
} from './fleet.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ports = fleetPorts(Number(process.env.FLEET_PORT_BASE ?? 3131));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cores = availableParallelism();

const results = beginRun('fleet');
const db = await freshDatabase(ADMIN_URL, 'centinela_bench_fleet', ROWS);
console.log(`seeded ${ROWS} persons in ${db.seeded.ms} ms`);
const processes: Proc[] = [];
try {
  processes.push(await startRedis(ports.redis));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '1000',
    PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
  };
  const api1 = await startApi(1, ports.api[0]!, env);
  processes.push(api1);
  const worker = await startWorker(1, env);
  processes.push(worker);
  const haproxy = startHaproxy(ports);
  processes.push(haproxy);
  const status = () => haproxyStatus(ports.stats).catch(() => ({}) as Record<string, string>);
  await until(async () => (await status()).api1 === 'UP', 'HAProxy to see api1 up');
  // The seed went in behind the servers' backs: let the worker's first analytics compaction finish, as
  // bench:load does, so every run measures the steady state.
  {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    await until(
      async () => Number((await client.query('SELECT count(*) AS n FROM analytics_dirty')).rows[0].n) === 0,
      "the seed's analytics backlog to be compacted",
      300_000,
    );
    await client.end();
  }

  const direct = `http://127.0.0.1:${ports.api[0]}`;
  const balanced = `http://127.0.0.1:${ports.haproxy}`;
  const session = await signIn(direct, db.seeded.email, db.seeded.password);
  const { requests } = loadMix({ authorization: session.authorization, ids: session.ids });
  const apis = [api1];

  const run = (url: string, seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, connections: CONNECTIONS, duration: seconds, requests }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  const cpuNow = () => ({
    api: apis.reduce((sum, p) => sum + cpuMs(p.child.pid!), 0),
    worker: cpuMs(worker.child.pid!),
    postgres: cpuMsOfAll('postgres'),
    haproxy: cpuMs(haproxy.child.pid!),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const rows: Record<string, string | number>[] = [];
  const cpuRows: Record<string, string | number>[] = [];
  const measure = async (name: string, url: string) => {
    await run(url, 5); // warm-up: JIT, pools, caches
    const before = cpuNow();
    const startedAt = performance.now();
    const result = await run(url, SECONDS);
    const wallMs = performance.now() - startedAt;
    const after = cpuNow();
    const used = Object.fromEntries(
      Object.entries(after).map(([k, v]) => [k, v - before[k as keyof typeof before]]),
    ) as typeof before;
    const total = Object.values(used).reduce((a, b) => a + b, 0);
    const n = result.requests.total;
    const perRequest = (ms: number) => round(ms / n, 2);
    const row = {
      setup: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      // How much of the machine the fleet got: the rest went to whatever else ran (the machine is shared).
      'fleet CPU, % of the machine': round((total / (wallMs * cores)) * 100),
    };
    // CPU per request hardly moves with what else runs: what each part costs, and the ceiling it implies.
    const cpuRow = {
      setup: name,
      'API ms': perRequest(used.api),
      'worker ms': perRequest(used.worker),
      'PostgreSQL ms': perRequest(used.postgres),
      'HAProxy ms': perRequest(used.haproxy),
      'generator ms': perRequest(used.generator),
      'total ms': perRequest(total),
      'PostgreSQL share': `${round((used.postgres / total) * 100)}%`,
      [`ceiling on ${cores} cores, req/s`]: Math.round((cores * 1000) / (total / n)),
    };
    console.table([row]);
    console.table([cpuRow]);
    rows.push(row);
    cpuRows.push(cpuRow);
  };

  await measure('1 API process, direct', direct);
  await measure('1 API process behind HAProxy', balanced);
  const api2 = await startApi(2, ports.api[1]!, env);
  processes.push(api2);
  apis.push(api2);
  await until(async () => (await status()).api2 === 'UP', 'HAProxy to see api2 up');
  await sleep(1000);
  await measure('2 API processes behind HAProxy', balanced);

  console.table(rows);
  console.table(cpuRows);
  const [one, viaHaproxy, two] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  const [cpuOne, , cpuTwo] = cpuRows as [(typeof cpuRows)[0], (typeof cpuRows)[0], (typeof cpuRows)[0]];
  results.write({
    title: `Fleet: bench:load's mix at ${CONNECTIONS} connections for ${SECONDS} s against one API process, the same behind HAProxy, and two behind HAProxy (one worker, PostgreSQL and Redis, ${ROWS.toLocaleString('en')} persons), with each part's share of the ${cores} cores`,
    command: 'npm run bench:fleet',
    database: postgresVersion(db.serverVersion),
    settings: { rows: ROWS, seconds: SECONDS, connections: CONNECTIONS, cores },
    summary: {
      figure: `2 APIs behind HAProxy: ${two!['req/s']} req/s, p99 ${two!['p99 ms']} ms; PostgreSQL ${cpuTwo!['PostgreSQL share']} of the CPU per request`,
      anchor: `1 API direct: ${one!['req/s']} req/s, p99 ${one!['p99 ms']} ms (PostgreSQL ${cpuOne!['PostgreSQL share']}); 1 API behind HAProxy: ${viaHaproxy!['req/s']} req/s, p99 ${viaHaproxy!['p99 ms']} ms`,
    },
    targets: [],
    tables: [
      { title: 'Side by side', rows },
      { title: 'CPU per request, from /proc (ms), and the ceiling it sets on this machine', rows: cpuRows },
    ],
    notes: [
      'Everything runs on the same machine: the API processes, the worker, PostgreSQL, Redis, HAProxy and the load generator share its cores, so a second API process can only win what the first left idle, and only while the machine has idle CPU. "fleet CPU" says how much of the machine the fleet got; the rest went to whatever else ran on this shared machine. CPU per request hardly moves with that: the ceiling is the cores divided by the total, and PostgreSQL\'s share of it is what stays when the API processes move to machines of their own.',
    ],
  });
} finally {
  for (const p of processes.reverse()) await stopProcess(p);
  await db.drop();
}
