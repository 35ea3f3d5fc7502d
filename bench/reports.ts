/**
 * Sandbox reports completed per second, end to end: queued (enqueueReports) → claimed → provider (zero
 * latency) → report + profile status in one transaction → 'report.updated' published. Next to an anchor
 * measured in the same run on the same database: a bare single-row UPDATE loop (one autocommit each).
 * PGlite always (a temporary data dir), then PostgreSQL: a scratch database made on BENCH_ADMIN_URL (default
 * the local server), or DATABASE_URL when set (a scratch one too: the worker runs every PENDING report it
 * finds there). Writes bench/results/reports.json.
 *   npm run bench:reports            BENCH_PROFILES=1000 (× 3 reports)  WORKER_CONCURRENCY=…
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { ReportType } from '@centinela/shared';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { owners, profiles, reports } from '../apps/server/src/db/schema/index.ts';
import { EventBus } from '../apps/server/src/kernel/index.ts';
import { reportsQueueFor, enqueueReports } from '../apps/server/src/domains/reports/index.ts';
import { JobRunner } from '../apps/server/src/lib/jobs/index.ts';
import { subjectOf } from '../apps/server/src/domains/reports/subject.ts';
import { beginRun, databaseName } from './support/results.ts';
import { scratchDatabase } from './support/scratch.ts';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 1000);
const TYPES: ReportType[] = ['criminal_records', 'judicial_records', 'news_search'];
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SANDBOX_LATENCY_MS: '0', REPORT_BACKOFF_MS: '10' });

async function run(database: Database) {
  const db = database.db;
  await database.migrate();
  const [owner] = await db
    .insert(owners)
    .values({ codeName: `bench-${Date.now()}`, name: 'Bench' })
    .returning();
  const people = await db
    .insert(profiles)
    .values(
      // Every sandbox outcome that finishes in one attempt: clean, id match, name-only match, informational.
      Array.from({ length: PROFILES }, (_, i) => ({
        ownerId: owner!.id,
        country: 'co' as const,
        documentId: `10${String(i).padStart(6, '0')}${['50', '13', '22', '33'][i % 4]}`,
        name: 'Ana Gómez',
      })),
    )
    .returning();

  const queuedAt = performance.now();
  for (const p of people) {
    await db.transaction((tx) =>
      enqueueReports(tx, { ownerId: owner!.id, profileId: p.id, types: TYPES, subject: subjectOf(p) }),
    );
  }
  const queueMs = performance.now() - queuedAt;

  // The production path: the worker's own poll loop (start + wake), timed until the last event is out.
  const total = people.length * TYPES.length;
  const events = new EventBus();
  let published = 0;
  const allPublished = new Promise<void>((resolve) =>
    events.subscribe((e) => {
      if (e.name === 'report.updated' && ++published === total) resolve();
    }),
  );
  const worker = new JobRunner(reportsQueueFor({ config, database, events }));
  const startedAt = performance.now();
  await worker.start();
  worker.wake();
  await allPublished;
  const runMs = performance.now() - startedAt;
  await worker.stop();
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.ownerId, owner!.id), eq(reports.status, 'PENDING')));
  if (left!.n !== 0) throw new Error(`${left!.n} reports still PENDING`);

  // Anchor: the cheapest write the worker's transaction contains, alone, as many times.
  const ids = (await db.select({ id: reports.id }).from(reports).where(eq(reports.ownerId, owner!.id))).map(
    (r) => r.id,
  );
  const anchorAt = performance.now();
  for (const id of ids) await db.update(reports).set({ attempts: 1 }).where(eq(reports.id, id));
  const anchorMs = performance.now() - anchorAt;

  const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);
  return [
    {
      database: database.kind,
      what: 'bare single-row UPDATE loop (anchor)',
      'per second': perSecond(ids.length, anchorMs),
    },
    {
      database: database.kind,
      what: 'enqueueReports (1 tx per profile, 3 reports)',
      'per second': perSecond(total, queueMs),
    },
    {
      database: database.kind,
      what: `reports run end to end (concurrency ${worker.queue.concurrency})`,
      'per second': perSecond(total, runMs),
    },
  ];
}

const results = beginRun('reports');
const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-bench-reports-'));
const rows: Awaited<ReturnType<typeof run>> = [];
const databases: string[] = [];
const notes: string[] = [];
try {
  const pglite = await openPglite(dataDir);
  databases.push(await databaseName(pglite));
  rows.push(...(await run(pglite)));
  // PostgreSQL: DATABASE_URL, or a scratch database made on BENCH_ADMIN_URL (the local server by default).
  const scratch = config.DATABASE_URL
    ? null
    : await scratchDatabase('centinela_bench_reports').catch(
        (error: Error) => (notes.push(`PostgreSQL not measured: ${error.message}`), null),
      );
  const url = config.DATABASE_URL ?? scratch?.url;
  if (url) {
    const postgres = openPostgres(url);
    databases.push(await databaseName(postgres));
    rows.push(...(await run(postgres)));
    await postgres.close();
  }
  await scratch?.drop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${PROFILES} profiles × ${TYPES.length} reports, sandbox latency 0; node ${process.version}`);
console.table(rows);

const perSecond = (kind: string, what: string) =>
  rows.find((r) => r.database === kind && r.what.startsWith(what))?.['per second'];
const endToEnd = perSecond('postgres', 'reports run end to end');
const anchor = perSecond('postgres', 'bare single-row UPDATE');
results.write({
  title: 'Sandbox reports completed end to end through the worker (queued → done → profile status → event)',
  command: 'npm run bench:reports',
  database: databases.join(' and '),
  settings: { profiles: PROFILES, 'reports per profile': TYPES.length, 'sandbox latency ms': 0 },
  summary: {
    figure:
      endToEnd === undefined
        ? 'PostgreSQL not measured'
        : `${endToEnd} reports/s end to end on PostgreSQL (PGlite ${perSecond('pglite', 'reports run end to end')}/s)`,
    anchor:
      anchor === undefined
        ? null
        : `bare single-row UPDATE loop ${anchor}/s on PostgreSQL (PGlite ${perSecond('pglite', 'bare single-row UPDATE')}/s)`,
  },
  targets: [
    {
      target: '≥ 300 reports/s end to end on PostgreSQL',
      measured: endToEnd === undefined ? 'not measured' : `${endToEnd}/s`,
      met: endToEnd === undefined ? null : endToEnd >= 300,
    },
  ],
  tables: [{ rows }],
  notes,
});
process.exit(0);
