import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client.ts';
import { auditEvents, csvJobs, profiles } from '../src/db/schema/index.ts';
import { freshDatabase, openPgliteOnDisk } from './database.ts';
import { createOwner, createUser } from './factories.ts';
import { startNode, until } from './support/processes.ts';
import { describe, expect, test } from './helper.ts';

const startWorker = (env: Record<string, string>, args: string[] = []) =>
  startNode('apps/server/src/worker.ts', env, args);

const ROWS = 3000;

/**
 * A queued import of ROWS persons. The report asked for (police_record in Colombia) needs the document's
 * issue date, which the file lacks: the reports are queued INCOMPLETE, so no source call slows the run.
 */
async function queueImport(db: Database['db'], dir: string) {
  const owner = await createOwner(db);
  const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
  const file = path.join(dir, 'personas.csv');
  const lines = ['documento;nombre', ...Array.from({ length: ROWS }, (_, i) => `${1_000_000_000 + i};Persona ${i}`)];
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  const [job] = await db
    .insert(csvJobs)
    .values({
      ownerId: owner.id,
      createdBy: user.id,
      fileName: 'personas.csv',
      fileSize: 1,
      filePath: file,
      delimiter: ';',
      encoding: 'utf-8',
      headers: ['documento', 'nombre'],
      rowCount: ROWS,
      country: 'co',
      mode: 'advanced',
      reportTypes: ['police_record'],
      mapping: { documentId: 'documento', name: 'nombre' },
      status: 'queued',
    })
    .returning();
  return { ownerId: owner.id, jobId: job!.id };
}

const ENV = { CSV_BATCH_SIZE: '100', CSV_LEASE_SECONDS: '2', WORKER_POLL_MS: '50', SANDBOX_LATENCY_MS: '0' };

describe('an import process killed mid-file', () => {
  test('SIGKILL, restart: every row becomes exactly one person', { timeout: 180_000 }, async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-csv-kill-'));
    const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
    const env = fresh.url ? { ...ENV, DATABASE_URL: fresh.url } : { ...ENV, DATA_DIR: dataDir };
    try {
      let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
      const { ownerId, jobId } = await queueImport(db.db, dataDir);
      if (!fresh.url) await db.close();

      const first = startWorker(env);
      const committed = () => first.lines().filter((l) => l.msg === 'csv batch committed').length;
      await until(() => committed() >= 3, 'some batches committed', first, 90_000);
      first.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      if (fresh.url) {
        const [mid] = await db.db.select().from(csvJobs).where(eq(csvJobs.id, jobId));
        expect(mid!.status).toBe('processing');
        expect(mid!.lockedBy).not.toBeNull(); // the dead runner's lease
        expect(mid!.committedRows).toBeGreaterThan(0);
        expect(mid!.committedRows).toBeLessThan(ROWS);
      }

      const second = startWorker(env, ['--until-idle']);
      expect(await second.exited, second.output()).toBe(0);

      db = await open();
      const [done] = await db.db.select().from(csvJobs).where(eq(csvJobs.id, jobId));
      expect(done).toMatchObject({
        status: 'completed',
        processed: ROWS,
        succeeded: ROWS,
        failed: 0,
        committedRows: ROWS,
      });
      const [counts] = await db.db
        .select({
          n: sql<number>`count(*)::int`,
          distinctDocs: sql<number>`count(distinct ${profiles.documentId})::int`,
        })
        .from(profiles)
        .where(eq(profiles.ownerId, ownerId));
      expect(counts).toEqual({ n: ROWS, distinctDocs: ROWS });
      const [audits] = await db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(and(eq(auditEvents.ownerId, ownerId), eq(auditEvents.action, 'profile.create')));
      expect(audits!.n).toBe(ROWS);
      if (!fresh.url) await db.close();
    } finally {
      await fresh.database.close().catch(() => {});
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
