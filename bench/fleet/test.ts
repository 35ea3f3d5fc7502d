/**
 * The fleet test, `npm run test:fleet`: on loopback, HAProxy with the shipped
 * deploy/haproxy.cfg in front of two API processes, two worker processes, a fresh PostgreSQL database and
 * a Redis of its own. Under a steady, bounded load of bench:load's mix it
 *   1. restarts both APIs one after the other (SIGTERM, then a new process, then waits until HAProxy
 *      sees it healthy again) and both workers — and counts failed requests (must be 0);
 *   2. kills one API with SIGKILL — and counts the requests that fail (those in flight on it), how long
 *      HAProxy takes to take it out, and any request failing after that (must be 0);
 *   3. checks that every person created through the API during the load got its report run and its
 *      webhooks (profile.created, report.completed/failed) delivered to a local receiver, and that two
 *      socket.io clients through HAProxy — long polling (sticky by HAProxy's cookie) and websocket — kept
 *      receiving live updates after every restart.
 * Prints its figures (`npm run bench:fleet-test`, or FLEET_WRITE_RESULTS=1, also writes them to
 * bench/results/fleet-test.json); exits 1 when a promise is broken. Times are printed, never asserted.
 *   FLEET_PORT_BASE=3131 (HAProxy; +1 +2 the APIs, +3 HAProxy's stats, +4 the webhook receiver, +5 Redis)
 *   FLEET_RATE=40 (requests/s of the load)  FLEET_ROWS=2000 (persons seeded)
 *   FLEET_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (the scratch database is created there)
 */
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { hashPassword } from '../../apps/server/src/domains/auth/password.ts';
import { loadMix } from '../support/load-mix.ts';
import { beginRun, postgresVersion } from '../support/results.ts';
import {
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

const ports = fleetPorts(Number(process.env.FLEET_PORT_BASE ?? 3131));
const RATE = Number(process.env.FLEET_RATE ?? 40);
const ROWS = Number(process.env.FLEET_ROWS ?? 2000);
const CONNECTIONS = 8;
const ADMIN_URL = process.env.FLEET_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What deploy/haproxy.cfg says: checks every second, two failures take a process out. */
const CHECK_INTERVAL_MS = 1000;
const CHECK_FALL = 2;
const started = performance.now();
const since = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[fleet ${since()}] ${line}`);

const results = beginRun('fleet-test');
const processes: Proc[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
let failed: string[] = [];

// Whatever happens, nothing is left running: processes, HAProxy, Redis, the database.
async function cleanup() {
  await Promise.all(
    processes.map(async (p) => {
      const exit = stopProcess(p);
      const timer = setTimeout(() => p.child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    }),
  );
  for (const step of cleanups.reverse()) await step().catch(() => {});
}

try {
  log(`PostgreSQL: a fresh database with ${ROWS} persons`);
  const db = await freshDatabase(
    ADMIN_URL,
    // Its own database per port base, so two fleets on one PostgreSQL do not drop each other's.
    process.env.FLEET_PORT_BASE ? `centinela_fleet_test_${ports.haproxy}` : 'centinela_fleet_test',
    ROWS,
  );
  cleanups.push(db.drop);
  const sql = new pg.Client({ connectionString: db.databaseUrl });
  await sql.connect();
  cleanups.push(() => sql.end());
  // A manager of the seeded owner registers the webhook endpoint (the analyst may not).
  const owner = (await sql.query<{ id: string }>(`SELECT id FROM owner WHERE code_name = 'bench'`)).rows[0]!.id;
  await sql.query(`INSERT INTO "user" (owner_id, username, roles, password_hash) VALUES ($1, $2, '{manager}', $3)`, [
    owner,
    'fleet-manager@example.test',
    await hashPassword('fleet-password'),
  ]);

  const redis = await startRedis(ports.redis);
  processes.push(redis);

  // The webhook receiver: every delivery, by its webhook-id (a redelivery is counted, not an error).
  const deliveries = new Map<string, { type: string; data: Record<string, string> }>();
  let redeliveries = 0;
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (deliveries.has(id)) redeliveries++;
      else deliveries.set(id, JSON.parse(body) as { type: string; data: Record<string, string> });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(ports.webhooks, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    // Wrong passwords per address and account: low enough for the forged-address check below to reach it,
    // the per-account limit out of its way (it would refuse the 21st whatever the address).
    LOGIN_RATE_LIMIT: '10',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // docs/operations.md: above HAProxy's 1 s × 2 checks, so it has taken a draining process out first.
    SHUTDOWN_DELAY_MS: '3000',
    SHUTDOWN_DEADLINE_MS: '20000',
    METRICS_TOKEN: 'fleet-metrics-token',
    PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
  };
  log('starting two API processes, two workers and HAProxy (deploy/haproxy.cfg)');
  const apis = await Promise.all([startApi(1, ports.api[0]!, env), startApi(2, ports.api[1]!, env)]);
  processes.push(...apis);
  const workers = await Promise.all([startWorker(1, env), startWorker(2, env)]);
  processes.push(...workers);
  const haproxy = startHaproxy(ports);
  processes.push(haproxy);
  const status = () => haproxyStatus(ports.stats).catch(() => ({}) as Record<string, string>);
  await until(async () => {
    const s = await status();
    return s.api1 === 'UP' && s.api2 === 'UP';
  }, 'HAProxy to see both APIs up');
  const base = `http://127.0.0.1:${ports.haproxy}`;

  const analyst = await signIn(base, 'bench@example.test', 'bench-password');
  const manager = await signIn(base, 'fleet-manager@example.test', 'fleet-password');
  const endpoint = await fetch(`${base}/api/v1/webhooks/endpoints`, {
    method: 'POST',
    headers: { authorization: manager.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${ports.webhooks}/hook`,
      events: ['profile.created', 'report.completed', 'report.failed'],
    }),
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);

  // Two browsers' worth of live updates, through HAProxy: long polling only (HAProxy's cookie keeps it on
  // one process; withCredentials gives the Node client a cookie jar, as a browser has) and websocket only.
  type Watcher = { name: string; socket: Socket; events: number[]; connects: number; errors: string[] };
  const watch = (name: string, transport: 'polling' | 'websocket'): Watcher => {
    const socket = io(base, {
      auth: { token: analyst.token },
      transports: [transport],
      withCredentials: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    const watcher: Watcher = { name, socket, events: [], connects: 0, errors: [] };
    socket.on('connect', () => watcher.connects++);
    socket.on('connect_error', (error) => watcher.errors.push(error.message));
    socket.onAny(() => watcher.events.push(performance.now()));
    return watcher;
  };
  const watchers = [watch('long polling', 'polling'), watch('websocket', 'websocket')];
  cleanups.push(async () => watchers.forEach((w) => w.socket.close()));
  await until(() => watchers.every((w) => w.socket.connected), 'both socket.io clients to connect');
  // HAProxy's stickiness is its cookie on the answer to socket.io's handshake.
  const handshake = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
  const stickyCookie = /CENTINELA_LB=api[12]/.exec(handshake.headers.get('set-cookie') ?? '')?.[0] ?? 'none';
  await handshake.body?.cancel();

  // The load: bench:load's mix at a steady rate until the scenario ends; every answer timed.
  const createdIds = new Set<string>();
  const { requests, created } = loadMix({
    authorization: analyst.authorization,
    ids: analyst.ids,
    onCreated: (id) => createdIds.add(id),
  });
  type Outcome = { at: number; sentAt: number; status: number | null; error?: string };
  const failures: Outcome[] = [];
  let answered = 0;
  let loadDone!: Promise<autocannon.Result>;
  const load = await new Promise<autocannon.Instance>((started) => {
    loadDone = new Promise((resolve, reject) =>
      started(
        autocannon(
          { url: base, connections: CONNECTIONS, overallRate: RATE, duration: 600, requests },
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      ),
    );
  });
  load.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    answered++;
    const at = performance.now();
    if (statusCode >= 400) failures.push({ at, sentAt: at - responseTime, status: statusCode });
  });
  load.on('reqError', (error: Error) => {
    const at = performance.now();
    failures.push({ at, sentAt: at, status: null, error: error.message });
  });

  type Phase = { phase: string; from: number; to: number; note: string };
  const phases: Phase[] = [];
  const phase = async (name: string, body: () => Promise<string>) => {
    const from = performance.now();
    log(`${name}…`);
    const note = await body();
    phases.push({ phase: name, from, to: performance.now(), note });
    log(`${name}: ${note}`);
  };
  const restarts: { process: string; 'exit code': number | null; 'down → healthy again ms': number }[] = [];

  await phase('steady load', async () => {
    await sleep(5000);
    return `${RATE} req/s target`;
  });
  await phase('rolling restart of the APIs', async () => {
    for (const i of [0, 1]) {
      const t = performance.now();
      const code = await stopProcess(apis[i]!);
      apis[i] = await startApi(i + 1, ports.api[i]!, env);
      processes.push(apis[i]!);
      await until(async () => (await status())[`api${i + 1}`] === 'UP', `HAProxy to see api${i + 1} up again`);
      restarts.push({
        process: `api${i + 1}`,
        'exit code': code,
        'down → healthy again ms': Math.round(performance.now() - t),
      });
    }
    return 'api1, then api2: SIGTERM, drained, restarted, healthy in HAProxy';
  });
  await phase('rolling restart of the workers', async () => {
    for (const i of [0, 1]) {
      const t = performance.now();
      const code = await stopProcess(workers[i]!);
      workers[i] = await startWorker(i + 1, env);
      processes.push(workers[i]!);
      restarts.push({
        process: `worker${i + 1}`,
        'exit code': code,
        'down → healthy again ms': Math.round(performance.now() - t),
      });
    }
    return 'worker1, then worker2: SIGTERM, leases finished or given back, restarted';
  });
  await phase('steady load after the restarts', async () => {
    await sleep(4000);
    return 'every process replaced';
  });
  let killedAt = 0;
  let downAt = 0;
  await phase('kill -9 of api1', async () => {
    killedAt = performance.now();
    apis[0]!.child.kill('SIGKILL');
    await apis[0]!.exited;
    await until(async () => (await status()).api1?.startsWith('DOWN') ?? false, 'HAProxy to take api1 out');
    downAt = performance.now();
    // Requests that were in flight on it fail now or not at all; a few more seconds on api2 alone.
    await sleep(3000);
    return `HAProxy took it out ${Math.round(downAt - killedAt)} ms after the kill`;
  });
  await phase('api1 back', async () => {
    apis[0] = await startApi(1, ports.api[0]!, env);
    processes.push(apis[0]!);
    await until(async () => (await status()).api1 === 'UP', 'HAProxy to see api1 up again');
    await sleep(4000);
    return 'api1 restarted and healthy';
  });
  load.stop();
  const result = await loadDone;
  log(`load stopped: ${result.requests.total} requests`);

  // A client that writes its own X-Forwarded-For, a new address on every request: HAProxy replaces the
  // header with the address it saw, so the per-address limits still count this client, and the audit log
  // names it (loopback here), never the forged address.
  const forged = (i: number) => `10.66.${i >> 8}.${i & 255}`;
  const forgedStatuses = async (count: number, send: (i: number) => Promise<Response>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await send(i);
      await response.body?.cancel();
      statuses.push(response.status);
    }
    return statuses;
  };
  const wrongPasswords = await forgedStatuses(12, (i) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forged(i) },
      body: JSON.stringify({ email: 'forger@example.test', password: `guess-${i}` }),
    }),
  );
  const lookups = await forgedStatuses(40, (i) =>
    fetch(`${base}/api/v1/verify/AAAA-BBBB-CCCC-DDDD`, { headers: { 'x-forwarded-for': forged(1000 + i) } }),
  );
  const forgedSignIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.66' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password' }),
  });
  await forgedSignIn.body?.cancel();
  const lastLogin = (
    await sql.query<{ ip: string | null }>(
      `SELECT host(a.ip) AS ip FROM audit_event a JOIN "user" u ON u.id = a.actor_user_id
        WHERE a.action = 'auth.login' AND u.username = 'bench@example.test' ORDER BY a.id DESC LIMIT 1`,
    )
  ).rows[0]?.ip;
  const forgedRows = [
    {
      'rotating X-Forwarded-For': '12 wrong passwords (limit 10 per address)',
      answers: wrongPasswords.join(' '),
    },
    { 'rotating X-Forwarded-For': '40 verification look-ups (limit 30 per address)', answers: lookups.join(' ') },
    {
      'rotating X-Forwarded-For': 'sign-in claiming 198.51.100.66',
      answers: `${forgedSignIn.status}; audit log address ${lastLogin ?? 'none'}`,
    },
  ];
  console.table(forgedRows);
  // Each API process's own /metrics (scraped at its address, as docs/operations.md says): the requests it
  // answered since its last start — HAProxy spread the load over both.
  const served = async (port: number) => {
    const text = await (
      await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer fleet-metrics-token' } })
    ).text();
    return (
      text
        .split('\n')
        // The API's routes only: HAProxy's health checks are requests too.
        .filter((line) => line.startsWith('http_request_duration_seconds_count') && line.includes('route="/api/v1/'))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
    );
  };
  const perProcess = [
    { process: 'api1 (since its restart after the kill)', 'API requests in its /metrics': await served(ports.api[0]!) },
    { process: 'api2 (since the rolling restart)', 'API requests in its /metrics': await served(ports.api[1]!) },
  ];

  // Every person created during the load: its report settled, its webhooks delivered.
  const settled = async () => {
    const { rows } = await sql.query<{ persons: string; reports: string; pending: string; deliveries_pending: string }>(
      `SELECT (SELECT count(*) FROM profile WHERE name = 'Carga Prueba') AS persons,
              (SELECT count(*) FROM report r JOIN profile p ON p.id = r.profile_id WHERE p.name = 'Carga Prueba') AS reports,
              (SELECT count(*) FROM report r JOIN profile p ON p.id = r.profile_id
                 WHERE p.name = 'Carga Prueba' AND r.status = 'PENDING') AS pending,
              (SELECT count(*) FROM webhook_delivery WHERE status = 'pending') AS deliveries_pending`,
    );
    return rows[0]!;
  };
  await until(
    async () => {
      const s = await settled();
      return Number(s.pending) === 0 && Number(s.deliveries_pending) === 0;
    },
    'every report and webhook delivery to settle',
    180_000,
  );
  const persons = (
    await sql.query<{ id: string; reports: string[] }>(
      `SELECT p.id, array_agg(r.id::text) AS reports FROM profile p JOIN report r ON r.profile_id = p.id
        WHERE p.name = 'Carga Prueba' GROUP BY p.id`,
    )
  ).rows;
  const createdEvents = new Set<string>();
  const reportEvents = new Set<string>();
  for (const { type, data } of deliveries.values()) {
    if (type === 'profile.created') createdEvents.add(data.profileId!);
    if (type === 'report.completed' || type === 'report.failed') reportEvents.add(data.reportId!);
  }
  const missingPersons = [...createdIds].filter((id) => !persons.some((p) => p.id === id));
  const missingCreated = persons.filter((p) => !createdEvents.has(p.id));
  const missingReports = persons.flatMap((p) => p.reports).filter((id) => !reportEvents.has(id));
  const reportCount = persons.reduce((n, p) => n + p.reports.length, 0);
  for (const id of missingPersons) {
    const row = (await sql.query(`SELECT id, name, status, created_at FROM profile WHERE id = $1`, [id])).rows[0];
    console.log(`answered 201 but not among the persons with reports: ${id}`, row ?? '(no such profile)');
  }

  const byKind = (list: Outcome[]) =>
    Object.entries(
      list.reduce<Record<string, number>>((acc, f) => {
        const kind = f.status ? String(f.status) : (f.error ?? 'error');
        acc[kind] = (acc[kind] ?? 0) + 1;
        return acc;
      }, {}),
    )
      .map(([kind, n]) => `${n} × ${kind}`)
      .join(', ') || 'none';
  // Failures by phase; after HAProxy took the killed process out, none may be sent to it.
  const inPhase = (p: Phase) => failures.filter((f) => f.at >= p.from && f.at < p.to);
  const phaseRows = phases.map((p) => ({
    phase: p.phase,
    seconds: Number(((p.to - p.from) / 1000).toFixed(1)),
    'failed requests': inPhase(p).length,
    kinds: byKind(inPhase(p)),
    what: p.note,
  }));
  const rollingFailures = phases
    .filter((p) => p.phase.startsWith('rolling') || p.phase.startsWith('steady'))
    .flatMap(inPhase);
  const killFailures = failures.filter((f) => f.at >= killedAt && f.at < downAt + 3000);
  const afterDown = killFailures.filter((f) => f.sentAt > downAt);
  const socketRows = watchers.map((w) => {
    const after = (t: number) => w.events.filter((e) => e > t).length;
    return {
      client: w.name,
      'live updates': w.events.length,
      'after the API restarts': after(phases.find((p) => p.phase === 'rolling restart of the APIs')!.to),
      'after the kill -9': after(downAt),
      connects: w.connects,
      'connect errors': w.errors.length,
    };
  });

  const overall = {
    requests: result.requests.total,
    answered,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'failed requests': failures.length,
    'persons created': created(),
    'reports settled': reportCount,
    'webhooks received': deliveries.size,
    redeliveries,
  };
  console.table([overall]);
  console.table(phaseRows);
  console.table(restarts);
  console.table(socketRows);
  const kill = {
    'failed requests (in flight on api1)': killFailures.length,
    kinds: byKind(killFailures),
    'HAProxy took it out after ms': Math.round(downAt - killedAt),
    'check interval × fall ms': CHECK_INTERVAL_MS * CHECK_FALL,
    'failed after it was out': afterDown.length,
  };
  console.table([kill]);
  console.table(perProcess);
  // HAProxy logs each change of a server's state: any beyond the planned ones is a false alarm.
  const transitions = haproxy
    .output()
    .split('\n')
    .filter((line) => /Server api\/api\d is (UP|DOWN)/.test(line))
    .map((line) => /Server api\/api\d is (UP|DOWN)/.exec(line)![0])
    // Each change is said twice: in the log (stdout) and as a warning (stderr).
    .filter((said, i, all) => said !== all[i - 1])
    .map((said) => ({ 'HAProxy says': said }));
  console.table(transitions);
  if (rollingFailures.length) console.log('failures during the rolling restart:', byKind(rollingFailures));

  const checks = [
    {
      target: 'rolling restart of both APIs and both workers: 0 failed requests',
      measured: `${rollingFailures.length} failed (${byKind(rollingFailures)})`,
      met: rollingFailures.length === 0,
    },
    {
      target: 'kill -9 of one API: only requests in flight on it fail; none once HAProxy has taken it out',
      measured: `${killFailures.length} failed (${byKind(killFailures)}), ${afterDown.length} after it was out`,
      met: afterDown.length === 0,
    },
    {
      target: `HAProxy routes around a killed API within its health-check interval (${CHECK_INTERVAL_MS} ms × fall ${CHECK_FALL})`,
      measured: `${Math.round(downAt - killedAt)} ms`,
      met: downAt - killedAt <= CHECK_INTERVAL_MS * CHECK_FALL + CHECK_INTERVAL_MS,
    },
    {
      target: 'no report lost: every person created during the load has its reports settled',
      measured: `${persons.length} persons, ${reportCount} reports, ${missingPersons.length} answered 201 but missing`,
      met: missingPersons.length === 0 && persons.length >= createdIds.size,
    },
    {
      target: 'no webhook lost: profile.created and report.completed/failed for every one of them',
      measured: `${missingCreated.length} profile.created and ${missingReports.length} report events missing; ${redeliveries} redelivered`,
      met: missingCreated.length === 0 && missingReports.length === 0,
    },
    {
      target: 'socket.io clients (long polling, websocket) keep receiving live updates across the restarts',
      measured: `${socketRows.map((r) => `${r.client}: ${r['after the API restarts']} after the rolling restart, ${r['after the kill -9']} after the kill -9`).join('; ')}; sticky cookie ${stickyCookie}`,
      met:
        stickyCookie !== 'none' &&
        socketRows.every((r) => r['after the API restarts'] > 0 && r['after the kill -9'] > 0),
    },
  ];
  checks.push({
    target:
      'a forged, rotating X-Forwarded-For through HAProxy escapes no per-address limit, and the audit log records the real address',
    measured: forgedRows.map((r) => `${r['rotating X-Forwarded-For']}: ${r.answers}`).join('; '),
    met:
      wrongPasswords.slice(0, 10).every((s) => s === 401) &&
      wrongPasswords.slice(10).every((s) => s === 429) &&
      lookups.includes(429) &&
      forgedSignIn.status === 200 &&
      lastLogin === '127.0.0.1',
  });
  checks.push({
    target: "both API processes served the load (each one's /metrics histogram moved)",
    measured: perProcess.map((p) => `${p.process}: ${p['API requests in its /metrics']}`).join('; '),
    met: perProcess.every((p) => p['API requests in its /metrics'] > 0),
  });
  // The wall-clock one is printed, not enforced (tests never assert times).
  failed = checks.filter((c, i) => i !== 2 && !c.met).map((c) => c.target);
  // In npm test the figures are printed only: a results file rewritten by every test run would leave
  // docs/performance.md out of step (npm run lint) until someone commits it. bench:fleet-test writes it.
  const write =
    process.env.FLEET_WRITE_RESULTS === '1'
      ? results.write
      : (_: unknown) =>
          console.log('figures printed, not written (npm run bench:fleet-test writes bench/results/fleet-test.json)');
  write({
    title: `Fleet test: HAProxy (deploy/haproxy.cfg) in front of 2 API and 2 worker processes on PostgreSQL and Redis, bench:load's mix at ${RATE} req/s through a rolling restart and a kill -9`,
    command: 'npm run bench:fleet-test',
    database: postgresVersion(db.serverVersion),
    settings: { 'target req/s': RATE, connections: CONNECTIONS, 'persons seeded': ROWS, haproxy: 'Debian haproxy' },
    summary: {
      figure: `${rollingFailures.length} failed requests in the rolling restart; kill -9: ${killFailures.length} failed, out of rotation after ${Math.round(downAt - killedAt)} ms`,
      anchor: `${result.requests.total} requests in ${Math.round(
        (phases.at(-1)!.to - phases[0]!.from) / 1000,
      )} s (p99 ${result.latency.p99} ms); HAProxy checks every ${CHECK_INTERVAL_MS} ms, fall ${CHECK_FALL}`,
    },
    targets: checks,
    tables: [
      { title: 'Overall', rows: [overall] },
      { title: 'Phases', rows: phaseRows },
      { title: 'Restarts', rows: restarts },
      { title: 'kill -9 of api1', rows: [kill] },
      { title: "Each API process's request-duration histogram (its /metrics)", rows: perProcess },
      ...(transitions.length ? [{ title: "HAProxy's view of the processes, in order", rows: transitions }] : []),
      { title: 'Live updates (socket.io through HAProxy)', rows: socketRows },
      { title: 'A client forging X-Forwarded-For through HAProxy', rows: forgedRows },
    ],
    notes: [
      'Retried-safe: HAProxy retries a request on another process only when no process took its connection (refused: a stopped or killed process), and a GET also after an empty answer; a POST that reached a process is never sent twice (deploy/haproxy.cfg).',
      'A kill -9 fails the requests in flight on the killed process that HAProxy may not resend (POSTs); its GETs are resent to the other process.',
    ],
  });
} catch (error) {
  failed = [`the fleet test stopped: ${error instanceof Error ? error.stack : String(error)}`];
  for (const p of processes.filter((p) => p.child.exitCode !== null && p.child.exitCode !== 0))
    console.error(`--- ${p.name} exited with ${p.child.exitCode}:\n${p.output().slice(-3000)}`);
} finally {
  if (failed.length && process.env.FLEET_KEEP === '1') cleanups.splice(0, 1); // keep the database to look into
  await cleanup();
}
log(`done in ${since()}`);
if (failed.length) {
  console.error(`\nFLEET TEST FAILED:\n- ${failed.join('\n- ')}`);
  process.exit(1);
}
console.log('\nfleet test passed');
process.exit(0);
