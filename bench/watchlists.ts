/**
 * Watch lists, each figure next to an anchor measured in the same run:
 *  1. screening one person against every loaded list (OFAC SDN, UN SC, SAT 69-B) through the API,
 *     POST /api/v1/watchlists/screen as a signed-in analyst, over a mix of names (persons on no list,
 *     listed names, names written differently, listed documents) — next to the candidate query that
 *     screening runs (domains/watchlists/screen.ts), captured and sent straight through the driver
 *     for the same names. Target: p95 < 20 ms.
 *  2. loading the OFAC SDN snapshot (14,466 entries) into an empty source (loadAndRecord: parse, diff,
 *     write) — next to the parser alone and a plain INSERT … SELECT of the rows the load wrote. Target < 10 s.
 *  3. (PostgreSQL) monitoring the OFAC 2024-03-15 → 2024-05-03 delta against BENCH_ENROLLED enrolled
 *     persons, the monitor queue run to its end — next to a full rescan (each enrolled person screened
 *     again), measured on a sample and extrapolated. Planted persons check the alerts. Target < 60 s.
 * 1 and 2 on PGlite (a temporary data dir) and on a scratch PostgreSQL database; 3 on PostgreSQL only.
 * Writes bench/results/watchlists.json.
 *   npm run bench:watchlists   BENCH_ENROLLED=1000000 BENCH_SECONDS=10 BENCH_CONNECTIONS=2 BENCH_NAMES=200
 *   BENCH_RESCAN_SAMPLE=2000 BENCH_CONTROLS=100 BENCH_PGLITE=0 (skip PGlite) BENCH_KEEP=1 (keep the database)
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (the scratch database is created there)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { listSources } from '../apps/server/src/domains/watchlists/sources.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { beginRun, databaseName } from './support/results.ts';
import { scratchDatabase } from './support/scratch.ts';
import { measureLoading } from './support/watchlist-load.ts';
import { measureMonitoring } from './support/watchlist-monitoring.ts';
import { measureScreening } from './support/watchlist-screening.ts';

const settings = {
  enrolled: Number(process.env.BENCH_ENROLLED ?? 1_000_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 2),
  names: Number(process.env.BENCH_NAMES ?? 200),
  rescanSample: Number(process.env.BENCH_RESCAN_SAMPLE ?? 2000),
  controls: Number(process.env.BENCH_CONTROLS ?? 100),
};
const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', WEB_DIST: '/nonexistent' });
const sources = listSources(config);

const results = beginRun('watchlists');
const databases: string[] = [];
const loading: ({ database: string } & Awaited<ReturnType<typeof measureLoading>>['rows'][number])[] = [];
const screening: ({ database: string } & Awaited<ReturnType<typeof measureScreening>>['rows'][number])[] = [];
let mix: Awaited<ReturnType<typeof measureScreening>>['mix'] = [];
const notes: string[] = [];

/** Parts 1 and 2 on one database (the lists loaded by part 2 are the ones part 1 screens against). */
async function listsAndScreening(database: Database, kind: 'pglite' | 'postgres') {
  await database.migrate();
  databases.push(await databaseName(database));
  const loaded = await measureLoading(database, sources);
  loading.push(...loaded.rows.map((r) => ({ database: kind, ...r })));
  const screened = await measureScreening(database, config, settings);
  screening.push(...screened.rows.map((r) => ({ database: kind, ...r })));
  if (kind === 'postgres') mix = screened.mix;
}

if (process.env.BENCH_PGLITE !== '0') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-bench-watchlists-'));
  try {
    const pglite = await openPglite(dataDir);
    await listsAndScreening(pglite, 'pglite');
    await pglite.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const scratch = await scratchDatabase('centinela_bench_watchlists');
const postgres = openPostgres(scratch.url);
await listsAndScreening(postgres, 'postgres');
const monitoring = await measureMonitoring(postgres, config, sources, settings);
notes.push(
  `Screening runs ${settings.connections} requests at a time (BENCH_CONNECTIONS)${settings.connections === availableParallelism() ? ', one per core of this machine: the latency of a screening, not of a queue in front of it' : ''}.`,
  ...monitoring.notes,
);
await postgres.close();
if (process.env.BENCH_KEEP !== '1') await scratch.drop();

console.table(loading);
console.table(screening);
console.table(mix);
console.table(monitoring.rows);
console.table(monitoring.planted);

const find = <T extends { database: string }>(rows: readonly T[], kind: string, test: (r: T) => boolean) =>
  rows.find((r) => r.database === kind && test(r));
const api = (kind: string) => find(screening, kind, (r) => r.via === 'API');
const bare = (kind: string) => find(screening, kind, (r) => r.via !== 'API');
const load = (kind: string, what: string) => find(loading, kind, (r) => r.what.startsWith(what))?.ms;
const seconds = (ms: number | undefined) =>
  ms === undefined ? 'not measured' : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`;
const apiP95 = api('postgres')!.p95;
const loadMs = load('postgres', 'loadAndRecord')!;
const { monitorMs, rescanMs, alertsRight } = monitoring;

results.write({
  title: `Watch lists: screening one person through the API, loading the OFAC SDN list, monitoring a list's delta against ${settings.enrolled.toLocaleString('en')} enrolled persons`,
  command: 'npm run bench:watchlists',
  database: databases.join(' and '),
  settings: {
    'enrolled persons': settings.enrolled,
    'screening seconds': settings.seconds,
    connections: settings.connections,
    'names in the mix': settings.names,
    'rescan sample': settings.rescanSample,
    'monitor batch': config.WATCHLIST_MONITOR_BATCH,
  },
  summary: {
    figure: `screening API p95 ${apiP95} ms (PGlite ${api('pglite')?.p95 ?? '—'} ms); OFAC load ${seconds(loadMs)}; monitoring a ${monitoring.deltaEntries}-entry delta against ${settings.enrolled.toLocaleString('en')} persons ${seconds(monitorMs)}, ${monitoring.alerts} alerts`,
    anchor: `candidate SQL alone p95 ${bare('postgres')!.p95} ms; parse alone ${seconds(load('postgres', 'parse'))}, plain INSERT of the same rows ${seconds(load('postgres', 'plain INSERT'))}; full rescan ≈ ${seconds(rescanMs)} (extrapolated from ${settings.rescanSample} persons)`,
  },
  targets: [
    { target: 'screening through the API: p95 < 20 ms on PostgreSQL', measured: `${apiP95} ms`, met: apiP95 < 20 },
    {
      target: 'loading the 15k-entry SDN file end to end < 10 s on PostgreSQL',
      measured: seconds(loadMs),
      met: loadMs < 10_000,
    },
    {
      target: `monitoring a ~500-entry delta against ${settings.enrolled.toLocaleString('en')} persons < 60 s`,
      measured: seconds(monitorMs),
      met: monitorMs < 60_000,
    },
    {
      target: 'alerts = the planted persons whose entry the delta adds, and no one else',
      measured: `${monitoring.alertedPersons} persons alerted (${monitoring.alerts} alerts), ${monitoring.expected} planted to`,
      met: alertsRight,
    },
    {
      target: 'no errors through the API',
      measured: `${screening.filter((r) => r.via === 'API').reduce((n, r) => n + r.errors, 0)} errors`,
      met: screening.every((r) => r.errors === 0),
    },
  ],
  tables: [
    {
      title:
        'Screening one person (POST /api/v1/watchlists/screen) and its candidate query alone, same names, same connections (ms)',
      rows: screening,
    },
    { title: 'The mix of names screened', rows: mix },
    { title: 'Loading the OFAC SDN list into an empty source, and the other lists', rows: loading },
    { title: 'Monitoring', rows: monitoring.rows },
    { title: 'Planted persons', rows: monitoring.planted },
  ],
  notes,
});
process.exit(0);
