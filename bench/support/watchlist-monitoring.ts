import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import { owners } from '../../apps/server/src/db/schema/index.ts';
import { watchlistMonitorQueue } from '../../apps/server/src/domains/watchlists/watchlist-monitor-queue.ts';
import { DEFAULT_REVIEW_THRESHOLD, screenPerson } from '../../apps/server/src/domains/watchlists/screen.ts';
import type { ListSource } from '../../apps/server/src/domains/watchlists/sources.ts';
import { EventBus } from '../../apps/server/src/kernel/index.ts';
import type { Config } from '../../apps/server/src/lib/config.ts';
import { JobRunner, type JobLog } from '../../apps/server/src/lib/jobs/index.ts';
import { createRng } from '../../apps/server/src/lib/rng.ts';
import { loadSnapshot } from './watchlist-load.ts';
import { deltaOf, enrolPersons, plant, type Planted } from './watchlist-persons.ts';

const PREVIOUS = 'ofac-sdn-2024-03-15.csv';
const NEXT = 'ofac-sdn-2024-05-03.csv';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The monitor queue on its own runner; `finished(versionId)` resolves when it logs the end of that version's run (an event, not a clock). */
function monitorRunner(database: Database, config: Config) {
  const waiting = new Map<string, () => void>();
  const done = new Set<string>();
  const quiet = () => {};
  const log: JobLog = {
    debug: quiet,
    warn: quiet,
    error: (obj, msg) => console.error(msg, obj),
    info: (obj, msg) => {
      if (msg !== 'watch-list monitoring run finished') return;
      const { versionId } = obj as { versionId: string };
      done.add(versionId);
      waiting.get(versionId)?.();
    },
  };
  const runner = new JobRunner(
    watchlistMonitorQueue({
      db: database.db,
      events: new EventBus(),
      batchSize: config.WATCHLIST_MONITOR_BATCH,
      pollMs: config.WORKER_POLL_MS,
      log,
    }),
    { log },
  );
  const finished = (versionId: string) =>
    done.has(versionId) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(versionId, resolve));
  return { runner, finished };
}

/** Every queued run to its end: the first versions' runs, over whole lists, while nobody is enrolled yet (as on a fresh install). */
async function drainMonitoring(database: Database, config: Config) {
  const queued = rowsOf<{ version_id: string }>(
    await database.db.execute(sql`select version_id from watchlist_monitor_run where status = 'queued'`),
  );
  const { runner, finished } = monitorRunner(database, config);
  await runner.start();
  runner.wake();
  for (const run of queued) await finished(run.version_id);
  await runner.stop();
}

/** The new version loaded, then its delta's run, from the runner's start to the run's end. */
async function monitorNewVersion(database: Database, config: Config, load: () => Promise<{ version: { id: string } }>) {
  const loadStart = performance.now();
  const { version } = await load();
  const loadMs = Math.round(performance.now() - loadStart);
  const { runner, finished } = monitorRunner(database, config);
  const start = performance.now();
  await runner.start();
  runner.wake();
  await finished(version.id);
  const monitorMs = Math.round(performance.now() - start);
  await runner.stop();
  return { versionId: version.id, loadMs, monitorMs };
}

/**
 * The anchor: what a rescan would do instead of the delta, each enrolled person screened again against
 * every loaded list (screenPerson, as the report does), `sample` persons with the pool's connections
 * busy, extrapolated to everyone.
 */
async function rescanSample(db: Db, sample: number, connections: number, maxAgeDays: number) {
  const persons = rowsOf<{ name: string; document_id: string; birth_date: string | null }>(
    await db.execute(
      sql`select p.name, p.document_id, p.birth_date::text from watchlist_enrolment en join profile p on p.id = en.profile_id order by random() limit ${sample}`,
    ),
  );
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let p = persons[next++]; p; p = persons[next++]) {
        await screenPerson(
          db,
          { name: p.name, documentId: p.document_id, birthDate: p.birth_date },
          { threshold: DEFAULT_REVIEW_THRESHOLD, maxAgeDays },
        );
      }
    }),
  );
  return { persons: persons.length, ms: Math.round(performance.now() - start) };
}

/** Each planted group: how many, how many should alert, how many did. */
function plantedTable(planted: Planted[], alerted: Set<string>) {
  const groups = new Map<string, { persons: number; 'should alert': number; alerted: number }>();
  for (const p of planted) {
    const g = groups.get(p.how) ?? { persons: 0, 'should alert': 0, alerted: 0 };
    g.persons++;
    if (p.alerts) g['should alert']++;
    if (alerted.has(p.id)) g.alerted++;
    groups.set(p.how, g);
  }
  return [...groups].map(([how, g]) => ({ planted: how, ...g }));
}

/**
 * Part 3 of bench/watchlists.ts (PostgreSQL): `enrolled` persons of one owner in monitoring, planted
 * matches among them; the next OFAC snapshot loaded and its delta monitored to the end by the queue;
 * the alerts held against the planted persons; a full rescan measured on a sample as the anchor.
 */
export async function measureMonitoring(
  database: Database,
  config: Config,
  sources: readonly ListSource[],
  o: { enrolled: number; rescanSample: number; controls: number; connections: number },
) {
  const db = database.db;
  const ofac = sources.find((s) => s.id === 'ofac-sdn')!;
  const rng = createRng('bench-watchlists-monitoring');
  const delta = await deltaOf(ofac, PREVIOUS, NEXT);
  const deltaEntries = delta.added.length + delta.changed.length;
  const planted = plant(delta, rng, o.controls);
  const [owner] = await db
    .insert(owners)
    .values({ codeName: `bench-monitoring-${Date.now()}`, name: 'Bench Monitoreo S.A.' })
    .returning();

  await drainMonitoring(database, config);
  const setupStart = performance.now();
  let reported = 0;
  await enrolPersons(db, owner!.id, o.enrolled, planted, rng, (done) => {
    if (done - reported >= 100_000 || done === o.enrolled)
      console.log(`enrolled ${(reported = done)} persons (${Math.round((performance.now() - setupStart) / 1000)} s)`);
  });
  await db.execute(sql`analyze profile`);
  await db.execute(sql`analyze watchlist_enrolment`);
  const setupMs = Math.round(performance.now() - setupStart);

  const run = await monitorNewVersion(database, config, () => loadSnapshot(db, ofac, NEXT, '2024-05-03'));
  const alerts = rowsOf<{ profile_id: string; entry_id: string; matched_by: string }>(
    await db.execute(
      sql`select profile_id, entry_id, finding->>'matchedBy' as matched_by from watchlist_alert where version_id = ${run.versionId} and kind = 'match'`,
    ),
  );
  const alerted = new Set(alerts.map((a) => a.profile_id));
  const shouldAlert = new Set(planted.filter((p) => p.alerts).map((p) => p.id));
  const missing = [...shouldAlert].filter((id) => !alerted.has(id));
  const unexpected = [...alerted].filter((id) => !shouldAlert.has(id));
  const plantedIds = new Set(planted.map((p) => p.id));

  const rescan = await rescanSample(db, o.rescanSample, o.connections, config.WATCHLIST_MAX_AGE_DAYS);
  const rescanMs = Math.round((rescan.ms / rescan.persons) * o.enrolled);
  const notes = [
    `The full rescan (the anchor) was measured on ${rescan.persons} enrolled persons picked at random, each screened again against every loaded list by screenPerson with ${o.connections} connections busy, and extrapolated to ${o.enrolled.toLocaleString('en')} persons; it was not run in full.`,
    ...(unexpected.length > 0
      ? [
          `${unexpected.length} persons alerted who were not planted to (${unexpected.filter((id) => plantedIds.has(id)).length} of them planted not to): ${alerts
            .filter((a) => unexpected.includes(a.profile_id))
            .slice(0, 5)
            .map((a) => `${a.entry_id} by ${a.matched_by}`)
            .join(', ')}…`,
        ]
      : []),
    ...(missing.length > 0
      ? [
          `${missing.length} planted persons raised no alert: ${planted
            .filter((p) => missing.includes(p.id))
            .slice(0, 5)
            .map((p) => `${p.name} (${p.how}, ${p.entryId})`)
            .join(', ')}…`,
        ]
      : []),
  ];
  return {
    monitorMs: run.monitorMs,
    rescanMs,
    alerts: alerts.length,
    alertedPersons: alerted.size,
    expected: shouldAlert.size,
    alertsRight: missing.length === 0 && unexpected.length === 0,
    deltaEntries,
    rows: [
      {
        what: `enrolling the persons (setup: profiles + enrol(), chunks of 10,000, then ANALYZE)`,
        persons: o.enrolled,
        entries: null,
        ms: setupMs,
        alerts: null,
      },
      {
        what: `loadAndRecord: ${NEXT} (the new version)`,
        persons: null,
        entries: deltaEntries,
        ms: run.loadMs,
        alerts: null,
      },
      {
        what: 'monitoring run: the delta against every enrolled person, queue to the end',
        persons: o.enrolled,
        entries: deltaEntries,
        ms: run.monitorMs,
        alerts: alerts.length,
      },
      {
        what: `full rescan: ${rescan.persons} persons screened again (anchor, measured)`,
        persons: rescan.persons,
        entries: null,
        ms: rescan.ms,
        alerts: null,
      },
      {
        what: 'full rescan of every enrolled person (anchor, extrapolated)',
        persons: o.enrolled,
        entries: null,
        ms: rescanMs,
        alerts: null,
      },
    ],
    planted: plantedTable(planted, alerted),
    notes,
  };
}
