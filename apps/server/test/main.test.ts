import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from './database.ts';
import { describe, expect, test } from './helper.ts';

const root = path.resolve(import.meta.dirname, '../../..');

type Running = { child: ChildProcessWithoutNullStreams; output: () => string; port: number };

function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    // WORKERS=false: the report workers would finish seeded PENDING reports between the two starts,
    // and this test compares the data across a restart (reports/kill.test.ts covers the worker process).
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      WORKERS: 'false',
      ...env,
    },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match && /Demo accounts:[\s\S]*viewer/.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output, port: Number(match[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.removeAllListeners('exit');
    running.child.on('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

async function api(port: number, url: string, init: RequestInit = {}) {
  const response = await fetch(`http://localhost:${port}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads loosely typed JSON
  return { status: response.status, body: (await response.json()) as any };
}

/** Starts the server with `env` and waits for it to exit: its code and stderr's lines (Node's own nodedir notice aside). */
async function refusedStart(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: root, env });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  return {
    code,
    lines: stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('nodedir')),
  };
}

describe('the server process', () => {
  test('a bad configuration value stops it with one clear line', async () => {
    const { code, lines } = await refusedStart({ PATH: process.env.PATH, PORT: 'eighty' });
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Invalid configuration: PORT="eighty": .*number/)]);
  });

  test('in production without PUBLIC_URL it refuses to start, saying why', async () => {
    const { code, lines } = await refusedStart({ PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production: .*QR codes/),
    ]);
  });

  test(
    'first start seeds and prints the demo accounts; a restart keeps data and sessions',
    { timeout: 120_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      await fresh.database.close();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-main-'));
      const env: Record<string, string> = fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir };
      try {
        const first = await start(env);
        expect(first.output()).toContain('Demo data: created now');
        expect(first.output()).toMatch(/analyst@acme\.test\s+centinela2026\s+analyst/);
        const health = await api(first.port, '/api/health');
        expect(health).toEqual({ status: 200, body: { status: 'ok', database: fresh.url ? 'postgres' : 'pglite' } });
        const login = await api(first.port, '/api/auth/login', {
          method: 'POST',
          body: JSON.stringify({ email: 'analyst@acme.test', password: 'centinela2026' }),
        });
        expect(login.status).toBe(200);
        const headers = { authorization: `Bearer ${login.body.token}` };
        const before = await api(first.port, '/api/v1/profiles?limit=200', { headers });
        expect(before.body.items.length).toBeGreaterThan(100);
        expect(await stop(first)).toBe(0);

        const second = await start(env);
        expect(second.output()).toContain('Demo data: already present');
        const after = await api(second.port, '/api/v1/profiles?limit=200', { headers });
        expect(after.status).toBe(200);
        expect(after.body.items).toEqual(before.body.items);
        expect(await stop(second)).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await fresh.drop();
      }
    },
  );
});
