import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openPglite } from '../../src/db/client.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';
import { freshDatabase, openPgliteOnDisk } from '../database.ts';
import { startNode, until } from '../support/processes.ts';
import { createTestJobs, testJobs, testQueue, testRuns } from './test-queue.ts';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const LEASE_MS = 1500;

describe('a runner process killed mid-job', () => {
  test(
    'SIGKILL: its items are taken over after the lease, each done exactly once',
    { timeout: 120_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-runner-kill-'));
      // PGlite on disk opens in one process at a time: the test writes, closes, and reads only after the child exits.
      const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
      const env = {
        LEASE_MS: String(LEASE_MS),
        JOB_MS: '300',
        ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
      };
      try {
        let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        await createTestJobs(db.db, IDS);
        if (!fresh.url) await db.close();

        const child = startNode('apps/server/test/jobs/queue-process.ts', env);
        const count = (msg: string) => child.lines().filter((l) => l.msg === msg).length;
        // Kill once some jobs are done and at least one more is running.
        await until(() => count('job done') >= 2 && count('job started') > count('job done'), 'jobs in flight', child);
        child.kill('SIGKILL');
        expect(await child.exited).toBeNull();

        db = await open();
        const held = (await testJobs(db.db)).filter((j) => j.locked_by !== null && !j.done);
        expect(held.length).toBeGreaterThan(0); // the dead runner's leases
        // Another runner waits out those leases and finishes everything.
        const next = new JobRunner(testQueue(db.db, { leaseMs: LEASE_MS }));
        await next.drain();

        const runs = await testRuns(db.db);
        expect(runs.map((r) => r.job_id)).toEqual(IDS); // exactly once each
        const jobs = await testJobs(db.db);
        expect(jobs.every((j) => j.done && j.locked_by === null)).toBe(true);
        // The items in flight at the kill were claimed twice and finished by the next runner; none more.
        for (const { id } of held)
          expect(runs.find((r) => r.job_id === id)).toMatchObject({ attempt: 2, runner: next.id });
        expect(jobs.every((j) => j.attempts === 1 || j.attempts === 2)).toBe(true);
        if (!fresh.url) await db.close();
      } finally {
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
