import { spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export type Child = {
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  lines: () => { msg?: string }[];
  output: () => string;
};

/**
 * One of our entry points (`apps/server/src/main.ts`, `apps/server/src/worker.ts`) as a child process,
 * for the kill tests: run by node itself, as `npm run serve` and `npm run worker` do (Node strips the
 * types; a loader such as tsx would add its own transform to every module a child loads). Its JSON log
 * lines are parsed on demand.
 */
export function startNode(script: string, env: Record<string, string>, args: string[] = []): Child {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'debug', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string });
  return { exited, kill: (s) => child.kill(s), lines, output: () => output };
}

/** Waits for `check` (every 20 ms), failing with the child's output after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, child: Child, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${child.output().slice(-5000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A Redis of one test's own (Debian's redis-server on a free port, no persistence), for tests that stop
 * Redis under a running app. `stop()` is idempotent.
 */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
