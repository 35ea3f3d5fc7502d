import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../src/db/client.ts';
import {
  auditEvents,
  profiles,
  reports,
  watchlistAlerts,
  watchlistMonitorRuns,
  watchlistVersions,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema/index.ts';
import { enrol, enrolmentKeys } from '../../src/domains/watchlists/enrol.ts';
import { loadAndRecord } from '../../src/domains/watchlists/load.ts';
import { watchlistMonitorQueue } from '../../src/domains/watchlists/watchlist-monitor-queue.ts';
import { givenNameFirst } from '../../src/domains/watchlists/names.ts';
import { parseOfacSdn } from '../../src/domains/watchlists/parsers/ofac-sdn.ts';
import { listSources } from '../../src/domains/watchlists/sources.ts';
import { newWebhookSecret } from '../../src/domains/webhooks/signature.ts';
import { EventBus } from '../../src/kernel/index.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';
import { freshDatabase, openPgliteOnDisk } from '../database.ts';
import { createOwner, createProfile } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { startNode, until } from '../support/processes.ts';
import { OFAC_MARCH, OFAC_MAY, collect, fileBytes } from './support.ts';

type Db = Database['db'];

/** Small batches make the run many transactions, so the kill lands between two of them. */
const BATCH = 5;
const LEASE_MS = 1500;
const PERSONS = 40;

const ofac = listSources({
  WATCHLIST_OFAC_SDN_URL: 'file:///unused',
  WATCHLIST_UN_SC_URL: 'file:///unused',
  WATCHLIST_SAT_69B_URL: 'file:///unused',
}).find((s) => s.id === 'ofac-sdn')!;
const load = (db: Db, file: string) =>
  loadAndRecord(db, ofac, { bytes: createReadStream(file), origin: 'upload', fileName: path.basename(file) });
const monitorRunner = (db: Db, batchSize = BATCH) =>
  new JobRunner(watchlistMonitorQueue({ db, events: new EventBus(), batchSize, pollMs: 50, leaseMs: LEASE_MS }));

// The persons: named as individuals OFAC added on 05-03 ("Given SURNAME"), every third tied by the entry's own C.U.R.P. instead.
const march = new Set((await collect(parseOfacSdn(fileBytes(OFAC_MARCH)))).map((e) => e.id));
const added = (await collect(parseOfacSdn(fileBytes(OFAC_MAY))))
  .filter((e) => !march.has(e.id) && e.kind === 'individual')
  .slice(0, PERSONS);
const persons = added.map((entry, i) => {
  const curp = entry.documents.find((d) => d.type === 'curp');
  return curp && i % 3 === 0
    ? { name: `Persona ${i}`, documentId: curp.number }
    : { name: givenNameFirst(entry.name), documentId: `KILL${String(i).padStart(6, '0')}` };
});

/**
 * OFAC 03-15 loaded and its run done; the persons monitored, each with a finished watch-lists report,
 * their owner listening for watchlist.match; OFAC 05-03 loaded, its monitoring run queued.
 */
async function prepare(db: Db) {
  const owner = await createOwner(db);
  await db.insert(webhookEndpoints).values({
    ownerId: owner.id,
    url: 'http://127.0.0.1:9/hooks',
    events: ['watchlist.match'],
    secret: newWebhookSecret(),
  });
  await load(db, OFAC_MARCH);
  // The whole first version, against nobody yet: in large batches.
  await monitorRunner(db, 1000).drain();
  for (const person of persons) {
    const profile = await createProfile(db, owner.id, { country: 'mx', ...person });
    await db
      .insert(reports)
      .values({ ownerId: owner.id, profileId: profile.id, type: 'watchlists', status: 'COMPLETED', findings: [] });
    await enrol(db, [enrolmentKeys(profile)], 'person', null);
  }
  await load(db, OFAC_MAY);
}

/** Every alert, as `document entry kind` (the person by their document: ids differ between databases). */
async function alertsOf(db: Db): Promise<string[]> {
  const rows = await db
    .select({ document: profiles.documentId, entryId: watchlistAlerts.entryId, kind: watchlistAlerts.kind })
    .from(watchlistAlerts)
    .innerJoin(profiles, eq(profiles.id, watchlistAlerts.profileId));
  return rows.map((r) => `${r.document} ${r.entryId} ${r.kind}`).sort();
}

const secondRun = async (db: Db) =>
  (
    await db
      .select({ run: watchlistMonitorRuns })
      .from(watchlistMonitorRuns)
      .innerJoin(watchlistVersions, eq(watchlistVersions.id, watchlistMonitorRuns.versionId))
      .where(eq(watchlistVersions.seq, 2))
  )[0]!.run;

/** What an uninterrupted run raises for the same persons, on a database of its own. */
async function reference(): Promise<string[]> {
  const fresh = (await freshDatabase())!;
  try {
    await prepare(fresh.database.db);
    await monitorRunner(fresh.database.db).drain();
    return await alertsOf(fresh.database.db);
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

async function verify(db: Db, expected: string[]) {
  expect(await alertsOf(db)).toEqual(expected);
  const alerts = await db.select().from(watchlistAlerts);
  // Exactly once: one audit row and one webhook delivery per alert, whatever the crash did.
  const audits = await db
    .select({
      key: sql<string>`${auditEvents.entityId} || ' ' || (${auditEvents.changes}->>'entryId')`,
      n: sql<number>`count(*)::int`,
    })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'watchlist.alert'))
    .groupBy(sql`1`);
  expect(audits.map((a) => a.key).sort()).toEqual(alerts.map((a) => `${a.profileId} ${a.entryId}`).sort());
  expect(audits.every((a) => a.n === 1)).toBe(true);
  const deliveries = await db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventType, 'watchlist.match'));
  expect(deliveries.map((d) => (JSON.parse(d.payload) as { data: { alertId: string } }).data.alertId).sort()).toEqual(
    alerts.map((a) => a.id).sort(),
  );
  // Each report holds each of its person's alerts once.
  const held = await db
    .select({ profileId: reports.profileId, findings: reports.findings })
    .from(reports)
    .where(eq(reports.type, 'watchlists'));
  for (const report of held) {
    const own = alerts
      .filter((a) => a.profileId === report.profileId)
      .map((a) => a.entryId)
      .sort();
    expect(report.findings.map((f) => String(f.record.entryId)).sort()).toEqual(own);
  }
  // The run: finished, its count right, claimed twice (the dead runner's lease taken over once).
  expect(await secondRun(db)).toMatchObject({ status: 'done', alerts: alerts.length, attempts: 2, lockedBy: null });
}

describe('a monitoring run killed mid-way', () => {
  test(
    'SIGKILL, another runner: every alert exists exactly once, as an uninterrupted run raises them',
    { timeout: 240_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-monitor-kill-'));
      // PGlite on disk opens in one process at a time: the test writes, closes, and reads only after the child exits.
      const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
      const env = {
        WATCHLIST_MONITOR_BATCH: String(BATCH),
        LEASE_MS: String(LEASE_MS),
        ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
      };
      try {
        const expected = await reference();
        expect(expected.length).toBeGreaterThanOrEqual(PERSONS);

        let db = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        await prepare(db.db);
        if (!fresh.url) await db.close();

        const child = startNode('apps/server/test/watchlists/monitor-process.ts', env);
        const raised = () => child.lines().filter((l) => l.msg === 'alert raised').length;
        // Kill once a few batches have committed their alerts, long before the run's end.
        await until(() => raised() >= 3, 'some alerts committed', child, 120_000);
        child.kill('SIGKILL');
        expect(await child.exited).toBeNull();

        db = await open();
        const mid = await secondRun(db.db);
        expect(mid).toMatchObject({ status: 'queued', attempts: 1 });
        expect(mid.lockedBy).not.toBeNull(); // the dead runner's lease
        expect(mid.cursor).not.toBeNull();
        const before = await db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(watchlistAlerts)
          .where(and(eq(watchlistAlerts.versionId, mid.versionId)));
        expect(before[0]!.n).toBeLessThan(expected.length);

        // Another runner waits out that lease and finishes the run from its last committed batch.
        await monitorRunner(db.db).drain();
        await verify(db.db, expected);
        if (!fresh.url) await db.close();
      } finally {
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
