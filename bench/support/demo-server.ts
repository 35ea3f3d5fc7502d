import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, serveArgs } from './serve.ts';

export const DEMO_MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server as `npm start` runs it, on a fresh data folder seeded with the demo tenants, for the
 * browser benches (Lighthouse, the load profile); `stop` (or the process's exit) ends it and removes its folder.
 * No watch-list downloads: unreachable here, and on any host work competing with the page being measured.
 * At the lowest CPU priority (`nice -n 19`, every thread of it): what is measured is the page on a phone,
 * which does not share its CPU with the server; on this two-core host the server's answers (PGlite runs on
 * its main thread) otherwise took the page's core mid-task and stretched tasks past Lighthouse's 10 ms
 * (docs/performance.md, "Lighthouse on a shared machine").
 */
export async function startDemoServer(name: string): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `centinela-${name}-`));
  const server = spawn('nice', ['-n', '19', process.execPath, ...serveArgs()], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WATCHLIST_SYNC: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false, // not listening yet
    );
    if (up) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 120 s');
}

/** A demo account's tokens and user id, signed in through the API. */
export async function signInDemo(base: string, account = DEMO_MANAGER) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const tokens = (await login.json()) as { token: string; refreshToken: string };
  const me = await fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${tokens.token}` } });
  if (!me.ok) throw new Error(`demo user: ${me.status}`);
  return { tokens, userId: ((await me.json()) as { user: { id: string } }).user.id };
}
