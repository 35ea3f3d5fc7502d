import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../src/db/client.ts';
import { auditEvents, profiles, reports } from '../../src/db/schema/index.ts';
import { freshDatabase, openPgliteOnDisk } from '../database.ts';
import { createOwner } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { startNode, until } from '../support/processes.ts';
import { personWithReports } from './support.ts';

const startWorker = (env: Record<string, string>, args: string[] = []) =>
  startNode('apps/server/src/worker.ts', env, args);

/** 10 people × 2 reports; ids ending 13 fail their criminal record, the rest pass. */
async function queue(db: Database['db']) {
  const { id: ownerId } = await createOwner(db);
  const expected = new Map<string, string>();
  for (let i = 0; i < 10; i++) {
    const ending = i % 3 === 0 ? '13' : '50';
    const { profile } = await personWithReports(db, {
      ownerId,
      documentId: `10203${String(i).padStart(3, '0')}${ending}`,
      types: ['criminal_records', 'news_search'],
    });
    expected.set(profile.id, ending === '13' ? 'FAILED' : 'PASSED');
  }
  return { ownerId, expected };
}

async function verify(db: Database['db'], expected: Map<string, string>) {
  const rows = await db.select().from(reports);
  expect(rows).toHaveLength(20);
  expect(rows.filter((r) => r.status === 'PENDING')).toEqual([]);
  // Exactly once: one finishing write per report, whatever the crash did.
  const finished = await db
    .select({ id: auditEvents.entityId, n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'report.finished'))
    .groupBy(auditEvents.entityId);
  expect(finished).toHaveLength(20);
  expect(finished.every((f) => f.n === 1)).toBe(true);
  // The reports in flight at the kill were claimed twice; none more.
  expect(rows.some((r) => r.attempts === 2)).toBe(true);
  expect(rows.every((r) => r.attempts === 1 || r.attempts === 2)).toBe(true);
  const statuses = await db.select({ id: profiles.id, status: profiles.status }).from(profiles);
  expect(statuses).toHaveLength(expected.size);
  for (const p of statuses) expect(p.status, p.id).toBe(expected.get(p.id));
}

const WORKER_ENV = { SANDBOX_LATENCY_MS: '150-400', REPORT_LEASE_SECONDS: '2', WORKER_POLL_MS: '50' };

describe('a worker process killed mid-job', () => {
  test('SIGKILL, restart: every report completes exactly once', { timeout: 120_000 }, async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-kill-'));
    // PGlite on disk opens in one process at a time: the test writes, closes, and reads only after the child exits.
    const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
    const env = fresh.url
      ? { ...WORKER_ENV, DATABASE_URL: fresh.url, WORKER_CONCURRENCY: '4' }
      : { ...WORKER_ENV, DATA_DIR: dataDir };
    try {
      let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
      const { expected } = await queue(db.db);
      if (!fresh.url) await db.close();

      const first = startWorker(env);
      const count = (msg: string) => first.lines().filter((l) => l.msg === msg).length;
      // Kill once some reports are done and at least one more is running.
      await until(
        () => count('report settled') >= 3 && count('report claimed') > count('report settled'),
        'jobs in flight',
        first,
      );
      first.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      if (fresh.url) {
        const held = await db.db
          .select()
          .from(reports)
          .where(sql`${reports.lockedBy} is not null and ${reports.status} = 'PENDING'`);
        expect(held.length).toBeGreaterThan(0); // the dead worker's leases
      }

      const second = startWorker(env, ['--until-idle']);
      expect(await second.exited, second.output()).toBe(0);

      db = await open();
      await verify(db.db, expected);
      if (!fresh.url) await db.close();
    } finally {
      await fresh.database.close().catch(() => {});
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
