import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/db/client.ts';
import { watchlistAlerts, watchlistMonitorRuns } from '../../src/db/schema/index.ts';
import { enrol, enrolmentKeys } from '../../src/domains/watchlists/enrol.ts';
import { loadAndRecord } from '../../src/domains/watchlists/load.ts';
import { BUNDLED_DIR, listSources } from '../../src/domains/watchlists/sources.ts';
import { testConfig } from '../helper.ts';
import { freshDatabase, openPgliteOnDisk } from '../database.ts';
import { createOwner, createProfile } from '../factories.ts';
import { startNode } from '../support/processes.ts';
import { describe, expect, test } from '../helper.ts';

// `npm run worker -- --until-idle` (cron, scripts) runs a new list version's monitoring to its end too.
describe('the worker process run until idle', () => {
  test('finishes a queued monitoring run and raises its alerts', { timeout: 180_000 }, async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-wl-idle-'));
    const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
    try {
      let database = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
      const owner = await createOwner(database.db);
      const person = await createProfile(database.db, owner.id, {
        name: 'Joaquín Guzmán Loera',
        country: 'mx',
        documentType: 'passport',
        documentId: 'AB1234567',
      });
      await enrol(database.db, [enrolmentKeys(person)], 'person', null);
      const ofac = listSources(testConfig()).find((s) => s.id === 'ofac-sdn')!;
      await loadAndRecord(database.db, ofac, {
        bytes: createReadStream(path.join(BUNDLED_DIR, 'ofac-sdn-2024-03-15.csv')),
        origin: 'upload',
      });
      if (!fresh.url) await database.close();

      const env = {
        WORKER_POLL_MS: '50',
        WATCHLIST_SYNC: 'false',
        ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
      };
      const worker = startNode('apps/server/src/worker.ts', env, ['--until-idle']);
      expect(await worker.exited, worker.output()).toBe(0);

      database = await open();
      const runs = await database.db.select({ status: watchlistMonitorRuns.status }).from(watchlistMonitorRuns);
      expect(runs).toEqual([{ status: 'done' }]);
      const alerts = await database.db
        .select({ profileId: watchlistAlerts.profileId, entryId: watchlistAlerts.entryId })
        .from(watchlistAlerts);
      expect(alerts).toContainEqual({ profileId: person.id, entryId: '6861' });
      if (!fresh.url) await database.close();
    } finally {
      await fresh.database.close().catch(() => {});
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
