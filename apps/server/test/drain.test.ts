import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client.ts';
import { reports } from '../src/db/schema/index.ts';
import { freshDatabase, openPgliteOnDisk } from './database.ts';
import { createOwner, createUser, PASSWORD } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startNode, until, type Child } from './support/processes.ts';
import { personWithReports } from './reports/support.ts';

/** The port the server printed in its banner. */
function portOf(child: Child): number | null {
  const match = /running at http:\/\/[^:]+:(\d+)/.exec(child.output());
  return match ? Number(match[1]) : null;
}

async function readiness(port: number): Promise<number | null> {
  return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
    (r) => r.status,
    () => null,
  );
}

/**
 * A request whose body arrives in two halves: it is in flight from the first byte until `finish()` sends
 * the rest, however long the test takes in between (a slow client, as a load balancer sees one).
 */
function slowLogin(port: number, body: string) {
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return { sent, answer, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM drains', () => {
  test(
    'the server: readiness turns 503, the request in flight completes, and the process exits 0',
    { timeout: 240_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-drain-'));
      let server: Child | undefined;
      try {
        // PGlite on disk is opened by one process at a time: the user is written before the server starts.
        const db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        const owner = await createOwner(db.db);
        const user = await createUser(db.db, { ownerId: owner.id, roles: ['analyst'] });
        if (!fresh.url) await db.close();

        server = startNode('apps/server/src/main.ts', {
          ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          WEB_DIST: '/nonexistent',
          SEED_DEMO: 'false',
          WATCHLIST_SYNC: 'false',
          WORKERS: 'false',
          // Long enough for the test to see the 503 while the listener still answers; the test never waits it out.
          SHUTDOWN_DELAY_MS: '4000',
          SHUTDOWN_DEADLINE_MS: '60000',
        });
        const running = server;
        await until(() => portOf(running) !== null, 'the server to listen', running);
        const port = portOf(running)!;
        expect(await readiness(port)).toBe(200);

        const login = slowLogin(port, JSON.stringify({ email: user.username, password: PASSWORD }));
        await login.sent;
        running.kill('SIGTERM');
        await until(async () => (await readiness(port)) === 503, 'readiness to answer 503', running);
        const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
        expect(await ready.json()).toMatchObject({ status: 'draining' });
        // Liveness stays 200 while draining.
        expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

        // The listener is closing now; the request that was in flight still gets its whole answer.
        const lines = () => running.lines().map((l) => l.msg);
        await until(
          () => lines().includes('draining: listener closing, in-flight requests finishing'),
          'close',
          running,
        );
        login.finish();
        const answer = await login.answer;
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toHaveProperty('token');
        expect(await running.exited).toBe(0);
        expect(lines()).toEqual(expect.arrayContaining(['draining: readiness answers 503', 'drained']));
        server = undefined;
      } finally {
        server?.kill('SIGKILL');
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  test(
    'the worker: a claimed job that cannot finish in time is given back, and the process exits 0',
    { timeout: 240_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-drain-'));
      const open = async (): Promise<Database> => (fresh.url ? fresh.database : await openPglite(dataDir));
      let worker: Child | undefined;
      try {
        let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        const { id: ownerId } = await createOwner(db.db);
        const { queued } = await personWithReports(db.db, {
          ownerId,
          documentId: '1020300050',
          types: ['criminal_records'],
        });
        const reportId = queued.created[0]!.id;
        if (!fresh.url) await db.close();

        worker = startNode('apps/server/src/worker.ts', {
          ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
          // The source answers in an hour: the job is still running when SIGTERM comes.
          SANDBOX_LATENCY_MS: '3600000',
          REPORT_LEASE_SECONDS: '3600',
          WATCHLIST_SYNC: 'false',
          SHUTDOWN_DEADLINE_MS: '4000',
        });
        const running = worker;
        await until(() => running.lines().some((l) => l.msg === 'report claimed'), 'the report claimed', running);
        running.kill('SIGTERM');
        expect(await running.exited, running.output()).toBe(0);
        worker = undefined;

        db = await open();
        const [row] = await db.db.select().from(reports).where(eq(reports.id, reportId));
        // Given back: due again at once, unlocked, the attempt not counted against it.
        expect(row).toMatchObject({ status: 'PENDING', lockedBy: null, lockedUntil: null, attempts: 0 });
        if (!fresh.url) await db.close();
      } finally {
        worker?.kill('SIGKILL');
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
