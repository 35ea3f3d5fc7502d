/**
 * A fleet on loopback, from real parts, for the fleet test (bench/fleet/test.ts) and bench:fleet
 * (bench/fleet/bench.ts): a fresh PostgreSQL database, a Redis of its own, API processes and worker
 * processes started as `npm run serve` / `npm run worker` start them, and HAProxy running the shipped
 * deploy/haproxy.cfg with its addresses from the environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { seedProfiles } from '../support/seed-profiles.ts';

export const root = path.resolve(import.meta.dirname, '../..');
export const HAPROXY_CONFIG = path.join(root, 'deploy/haproxy.cfg');

/** Ports from one base: HAProxy, two APIs, HAProxy's stats, a webhook receiver, Redis. */
export function fleetPorts(base: number) {
  return { haproxy: base, api: [base + 1, base + 2], stats: base + 3, webhooks: base + 4, redis: base + 5 };
}

/** The node arguments of an npm script that is a plain `node …` command (root package.json). */
export function scriptArgs(name: 'serve' | 'worker'): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = scripts[name]!.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run ${name} is not a plain node command: ${scripts[name]}`);
  return args;
}

/** Polls `check` every 50 ms until it holds, failing after `ms` with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

export type Proc = {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

/** A child process whose output is kept (the tail is printed when something fails). */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return { name, child, exited, output: () => output };
}

export async function stopProcess(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill(signal);
  return proc.exited;
}

/** A fresh database on the local PostgreSQL, migrated, with `rows` persons of one owner (bench's seed). */
export async function freshDatabase(adminUrl: string, name: string, rows: number) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = openPostgres(databaseUrl, 2);
  await database.migrate();
  await database.close();
  const seeded = await seedProfiles(databaseUrl, rows);
  const serverVersion = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  return {
    databaseUrl,
    seeded,
    serverVersion,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Debian's redis-server on its own port, nothing persisted. */
export async function startRedis(port: number): Promise<Proc> {
  const redis = startProcess(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
  );
  await until(() => redis.output().includes('Ready to accept connections'), 'Redis to start', 20_000);
  return redis;
}

/** An API process as `npm run serve` starts it; resolves once it answers ready. */
export async function startApi(n: number, port: number, env: NodeJS.ProcessEnv): Promise<Proc> {
  const api = startProcess(`api${n}`, process.execPath, scriptArgs('serve'), {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: 'false',
  });
  await until(
    async () => {
      if (api.child.exitCode !== null) throw new Error(`api${n} exited:\n${api.output().slice(-3000)}`);
      return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    `api${n} to answer ready on :${port}`,
    120_000,
  );
  return api;
}

/** A worker process as `npm run worker` starts it; resolves once its runners have started. */
export async function startWorker(n: number, env: NodeJS.ProcessEnv): Promise<Proc> {
  const worker = startProcess(`worker${n}`, process.execPath, scriptArgs('worker'), { ...env, LOG_LEVEL: 'info' });
  await until(
    () => {
      if (worker.child.exitCode !== null) throw new Error(`worker${n} exited:\n${worker.output().slice(-3000)}`);
      return worker.output().includes('"worker started"');
    },
    `worker${n} to start`,
    120_000,
  );
  return worker;
}

/** HAProxy on deploy/haproxy.cfg, in the foreground, its addresses from the environment. */
export function startHaproxy(ports: ReturnType<typeof fleetPorts>): Proc {
  return startProcess('haproxy', haproxyBinary(), ['-db', '-f', HAPROXY_CONFIG], {
    ...process.env,
    CENTINELA_BIND: `127.0.0.1:${ports.haproxy}`,
    CENTINELA_API1: `127.0.0.1:${ports.api[0]}`,
    CENTINELA_API2: `127.0.0.1:${ports.api[1]}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${ports.stats}`,
    // Request logs would be one line per request of the load: errors and state changes only.
    HAPROXY_LOG_LEVEL: 'notice',
  });
}

export function haproxyBinary(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file));
  if (found) return found;
  throw new Error('haproxy is not installed: apt-get install haproxy (.ci/run installs it)');
}

/** What HAProxy thinks of each API process ("UP", "DOWN", "UP 1/2", "NOLB"…), from its stats CSV. */
export async function haproxyStatus(statsPort: number): Promise<Record<string, string>> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const status: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[columns.indexOf('pxname')] !== 'api') continue;
    const name = cells[columns.indexOf('svname')]!;
    if (name === 'BACKEND') continue;
    status[name] = cells[columns.indexOf('status')]!;
  }
  return status;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // exited meanwhile
  }
}

/** CPU time of every process whose name starts with `prefix` (PostgreSQL's backends: "postgres"). */
export function cpuMsOfAll(prefix: string): number {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(prefix);
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuMs(pid), 0);
}

/** Signs the seeded analyst in (through any base URL) and picks persons for the mix's flyout and export. */
export async function signIn(base: string, email: string, password: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  const page = (await (await fetch(`${base}/api/v1/profiles?limit=50`, { headers: { authorization } })).json()) as {
    items: { id: string }[];
  };
  return { token, authorization, ids: page.items.map((p) => p.id) };
}
