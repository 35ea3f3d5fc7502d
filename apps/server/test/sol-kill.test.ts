import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client.ts';
import { auditEvents, referenceChecks, references, reports } from '../src/db/schema/index.ts';
import { freshDatabase, openPgliteOnDisk } from './database.ts';
import { createOwner } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startNode, until } from './support/processes.ts';
import { personWithReports } from './reports/support.ts';

// Slow enough that the kill lands while both calls are in progress; a short lease so the restart takes over soon.
const ENV = {
  SANDBOX_LATENCY_MS: '0',
  SOL_SANDBOX_STEP_MS: '3000',
  SOL_LEASE_SECONDS: '2',
  SOL_POLL_MS: '50',
  WORKER_POLL_MS: '50',
};
const startWorker = (env: Record<string, string>) => startNode('apps/server/src/worker.ts', env);

describe('a worker process killed mid-call (Sol)', () => {
  test(
    'SIGKILL while the references are being called, restart: the same calls finish, the report settles once',
    { timeout: 120_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-sol-kill-'));
      const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
      const env = fresh.url ? { ...ENV, DATABASE_URL: fresh.url } : { ...ENV, DATA_DIR: dataDir };
      try {
        let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        const { id: ownerId } = await createOwner(db.db);
        const { queued } = await personWithReports(db.db, {
          ownerId,
          documentId: '1020304050',
          types: ['employment_references'],
          overrides: { phone: '+573001234500' },
        });
        const reportId = queued.created[0]!.id;
        if (!fresh.url) await db.close();

        const first = startWorker(env);
        const calling = () =>
          first.lines().filter((l) => l.msg === 'sol step' && (l as { status?: string }).status === 'calling').length;
        // References stored (one 'calling' step), then the calls placed (a second one): kill before they end.
        await until(() => calling() >= 2, 'calls in progress', first);
        first.kill('SIGKILL');
        expect(await first.exited).toBeNull();

        const second = startWorker(env);
        const done = () =>
          second.lines().some((l) => l.msg === 'sol step' && (l as { status?: string }).status === 'completed');
        await until(done, 'the check completed after the restart', second);
        second.kill('SIGTERM');
        await second.exited;

        db = await open();
        const [check] = await db.db.select().from(referenceChecks).where(eq(referenceChecks.reportId, reportId));
        expect(check).toMatchObject({ status: 'completed', lockedBy: null });
        const refs = await db.db.select().from(references).where(eq(references.referenceCheckId, check!.id));
        // Each reference was called once: the restart followed the calls in progress instead of placing new ones.
        expect(refs.map((r) => [r.status, r.callAttempts])).toEqual([
          ['completed', 1],
          ['completed', 1],
        ]);
        expect(refs.every((r) => r.summary && r.segments && r.segments.length > 0)).toBe(true);
        const [report] = await db.db.select().from(reports).where(eq(reports.id, reportId));
        expect(report).toMatchObject({ status: 'COMPLETED', lockedBy: null });
        const finished = await db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'report.finished'), eq(auditEvents.entityId, reportId)));
        expect(finished[0]!.n).toBe(1);
        if (!fresh.url) await db.close();
      } finally {
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
