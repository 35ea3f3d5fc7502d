import { buildApp } from '../../src/app.ts';
import { openPostgres } from '../../src/db/client.ts';
import { enqueueReports, REPORTS_CHANNEL } from '../../src/domains/reports/index.ts';
import { subjectOf } from '../../src/domains/reports/subject.ts';
import { freshDatabase } from '../database.ts';
import { createOwner, createProfile } from '../factories.ts';
import { describe, expect, test, testConfig } from '../helper.ts';
import { FAST_ENV, profileStatus } from './support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(10)) if (await check()) return true;
  return check();
}

describe('new work is announced to idle workers (LISTEN/NOTIFY)', () => {
  test.override({ env: FAST_ENV });

  test('a commit that queues reports notifies once it commits; a rolled-back one never does', async ({ app, db }) => {
    let heard = 0;
    const unlisten = await app.database.listen(REPORTS_CHANNEL, () => heard++);
    try {
      const owner = await createOwner(db);
      const profile = await createProfile(db, owner.id, { country: 'co', documentId: '1020304050' });
      const queue = (tx: typeof db) =>
        enqueueReports(tx, {
          ownerId: owner.id,
          profileId: profile.id,
          types: ['criminal_records'],
          subject: subjectOf(profile),
        });

      await expect(
        db.transaction(async (tx) => {
          await queue(tx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await sleep(200);
      expect(heard).toBe(0);

      await db.transaction(async (tx) => {
        await queue(tx);
        await sleep(100);
        // Not before the commit: the worker would find nothing to claim yet.
        expect(heard).toBe(0);
      });
      expect(await until(() => heard > 0)).toBe(true);
    } finally {
      await unlisten();
    }
  });

  test('a started worker that would not poll for a minute runs a report queued by another process at once', async ({
    app,
    skip,
  }) => {
    // Two processes need PostgreSQL; PGlite's one session is covered by the test above.
    if (app.database.kind !== 'postgres') return skip('PostgreSQL only');
    const fresh = (await freshDatabase())!;
    try {
      // A worker's server: started, and after its first look it would not poll again for a minute.
      const other = await buildApp({
        config: testConfig({ ...FAST_ENV, WORKER_POLL_MS: '60000' }),
        database: fresh.database,
      });
      await other.ready();
      try {
        await other.jobs.start();
        const owner = await createOwner(other.db);
        const profile = await createProfile(other.db, owner.id, { country: 'co', documentId: '1020304050' });
        // Queued through a separate pool, as an API process with WORKERS=false would.
        const api = openPostgres(fresh.url!, 2);
        try {
          await api.db.transaction((tx) =>
            enqueueReports(tx, {
              ownerId: owner.id,
              profileId: profile.id,
              types: ['criminal_records'],
              subject: subjectOf(profile),
            }),
          );
        } finally {
          await api.close();
        }
        expect(await until(async () => (await profileStatus(other.db, profile.id)) === 'PASSED')).toBe(true);
      } finally {
        await other.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
