import { eq, inArray, sql } from 'drizzle-orm';
import {
  COUNTRIES,
  PROFILE_STATUSES,
  REPORT_STATUSES,
  ZAnalyticsRequest,
  type TAnalyticsResponse,
} from '@centinela/shared';
import { auditEvents, creditLedger, pipelines, profiles, reports } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { analytics, analyticsFromSource } from '../src/domains/metrics/analytics.ts';
import { compactAnalytics, compactAnalyticsBacklog, rollupSpans, dayOffsets } from '../src/domains/metrics/rollups.ts';
import { rowsOf } from '../src/domains/metrics/sql.ts';
import { createOwner, createUser } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const START = Date.parse('2026-01-01T00:00:00Z');
const DAY = 86_400_000;
const TYPES = ['criminal_records', 'news_search', 'police_record'] as const;
const COUNTRY = COUNTRIES.filter((c) => c !== 'xx').slice(0, 4);

/** Persons over ~20 days, their reports (some waiting for review), review decisions and credit movements. */
async function seed(
  db: Db,
  ownerId: string,
  reviewers: string[],
  pipelineIds: string[],
  rnd: ReturnType<typeof random>,
  n: number,
) {
  const people = await db
    .insert(profiles)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ownerId,
        country: rnd.pick(COUNTRY),
        documentId: `R${rnd.int(1e9)}-${i}`,
        name: 'Random Person',
        status: rnd.pick(PROFILE_STATUSES),
        pipelineId: rnd.next() < 0.3 ? null : rnd.pick(pipelineIds),
        createdAt: new Date(START + rnd.int(20 * DAY)),
      })),
    )
    .returning();
  const reportRows = [];
  for (const p of people) {
    for (const type of TYPES) {
      if (rnd.next() < 0.4) continue;
      const status = rnd.pick(REPORT_STATUSES);
      const created = new Date(p.createdAt.getTime() + rnd.int(3_600_000));
      const completed =
        status === 'PENDING'
          ? null
          : new Date(created.getTime() + 1000 + rnd.int(rnd.next() < 0.5 ? 600_000 : 2 * DAY));
      reportRows.push({ ownerId, profileId: p.id, type, status, createdAt: created, completedAt: completed });
    }
  }
  const made = reportRows.length > 0 ? await db.insert(reports).values(reportRows).returning() : [];
  const decisions = people
    .filter(() => rnd.next() < 0.4)
    .map((p) => ({
      ownerId,
      actorUserId: rnd.next() < 0.1 ? null : rnd.pick(reviewers),
      action: rnd.next() < 0.85 ? 'profile.review' : 'profile.update',
      entityType: 'profile',
      entityId: p.id,
      at: new Date(p.createdAt.getTime() + rnd.int(3 * DAY)),
    }));
  if (decisions.length > 0) await db.insert(auditEvents).values(decisions);
  const ledger = made
    .filter(() => rnd.next() < 0.7)
    .flatMap((r) => {
      const debit = {
        ownerId,
        kind: 'debit' as const,
        amount: -1 - rnd.int(3),
        balanceAfter: 0,
        reportId: r.id,
        createdAt: r.createdAt,
      };
      return r.status === 'ERROR'
        ? [
            debit,
            {
              ...debit,
              kind: 'refund' as const,
              amount: -debit.amount,
              createdAt: new Date(r.createdAt.getTime() + rnd.int(DAY)),
            },
          ]
        : [debit];
    });
  if (ledger.length > 0) await db.insert(creditLedger).values(ledger);
  return { people, made };
}

const QUERIES = [
  { from: '2025-12-30', to: '2026-01-25' },
  { from: '2026-01-03', to: '2026-01-12', tz: 'America/Bogota' },
  { from: '2025-12-29', to: '2026-02-01', tz: 'America/Mexico_City', bucket: 'week' },
  { from: '2026-01-02', to: '2026-01-22', tz: 'America/Sao_Paulo', country: COUNTRY[1] },
  { from: '2026-01-01', to: '2026-01-20', tz: 'America/Bogota', country: COUNTRY[0], bucket: 'week' },
] as const;

/** Percentiles within the histogram's ±4.4 % of (1 + exact), plus rounding; everything else equal. */
function expectSame(got: TAnalyticsResponse, exact: TAnalyticsResponse, label: string) {
  const strip = (r: TAnalyticsResponse) => ({
    ...r,
    turnaround: r.turnaround.map((t) => ({ ...t, p50: null, p90: null })),
    reviewers: r.reviewers.map((t) => ({ ...t, p50: null, p90: null })),
  });
  expect(strip(got), label).toEqual(strip(exact));
  const close = (a: number | null, b: number | null, what: string) => {
    expect(a === null, what).toBe(b === null);
    if (a !== null && b !== null)
      expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(0.045 * (1 + b) + 1);
  };
  got.turnaround.forEach(
    (t, i) => (
      close(t.p50, exact.turnaround[i]!.p50, `${label} turnaround p50 ${i}`),
      close(t.p90, exact.turnaround[i]!.p90, `${label} turnaround p90 ${i}`)
    ),
  );
  got.reviewers.forEach(
    (t, i) => (
      close(t.p50, exact.reviewers[i]!.p50, `${label} reviewer p50 ${i}`),
      close(t.p90, exact.reviewers[i]!.p90, `${label} reviewer p90 ${i}`)
    ),
  );
}

async function compareAll(db: Db, ownerId: string, pipelineId: string, stage: string) {
  const withPipeline = [
    { from: '2026-01-01', to: '2026-01-21', tz: 'America/Lima', pipelineId },
    { from: '2025-12-29', to: '2026-01-25', tz: 'America/Lima', pipelineId, bucket: 'week' },
  ];
  for (const q of [...QUERIES, ...withPipeline]) {
    const query = ZAnalyticsRequest.parse(q);
    const scope = { ownerId };
    expectSame(
      await analytics(db, scope, query),
      await analyticsFromSource(db, scope, query),
      `${stage} ${JSON.stringify(q)}`,
    );
  }
}

const countOf = async (db: Db, table: string, ownerId: string) =>
  (
    await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE owner_id = ${ownerId}::uuid`,
    )
  )[0]!.n;

async function compactFully(db: Db, ownerId: string) {
  for (let n = 1; n > 0;) n = await compactAnalytics(db, 7);
  expect(await countOf(db, 'analytics_dirty', ownerId)).toBe(0);
}

describe('analytics rollups', () => {
  test('every zone of the benchmark and the product countries is answered from the rollups; others from the source', () => {
    for (const tz of [
      'UTC',
      'America/Bogota',
      'America/Lima',
      'America/Mexico_City',
      'America/Sao_Paulo',
      'America/Argentina/Buenos_Aires',
      'America/Panama',
    ]) {
      expect(dayOffsets(tz, '2026-01-01', '2026-12-31'), tz).not.toBeNull();
    }
    expect(dayOffsets('America/Bogota', '2026-01-01', '2026-01-03')).toEqual([-300, -300, -300]);
    expect(dayOffsets('Asia/Tokyo', '2026-01-01', '2026-01-03')).toBeNull();
    expect(dayOffsets('Asia/Kolkata', '2026-01-01', '2026-01-03')).toBeNull();
    // Santiago: -3 in January, -4 in July; the April switch day is 25 hours long.
    expect(dayOffsets('America/Santiago', '2026-01-01', '2026-01-02')).toEqual([-180, -180]);
    expect(dayOffsets('America/Santiago', '2026-07-01', '2026-07-02')).toEqual([-240, -240]);
    expect(dayOffsets('America/Santiago', '2026-03-01', '2026-05-30')).toBeNull();
  });

  test(
    'rollup answers equal the source-table answers on random data, before and after compaction and after edits and deletes',
    { timeout: 300_000 },
    async ({ db }) => {
      const rnd = random(8);
      const owner = await createOwner(db);
      const other = await createOwner(db);
      const reviewers = [
        (await createUser(db, { ownerId: owner.id, roles: ['manager'] })).id,
        (await createUser(db, { ownerId: owner.id, roles: ['manager'] })).id,
      ];
      const pipelineIds = [
        (await createPipeline(db, owner.id)).id,
        (await createPipeline(db, owner.id, { name: 'Second' })).id,
      ];
      const { people, made } = await seed(db, owner.id, reviewers, pipelineIds, rnd, 120);
      await seed(
        db,
        other.id,
        [(await createUser(db, { ownerId: other.id, roles: ['manager'] })).id],
        [(await createPipeline(db, other.id)).id],
        rnd,
        30,
      );

      await compareAll(db, owner.id, pipelineIds[0]!, 'all days dirty');
      await compactFully(db, owner.id);
      expect(await countOf(db, 'analytics_rollup', owner.id)).toBeGreaterThan(0);
      expect(await countOf(db, 'analytics_rollup_week', owner.id)).toBeGreaterThan(0);
      await compareAll(db, owner.id, pipelineIds[0]!, 'compacted');

      // Edits: statuses, countries, pipelines, report outcomes and timings, a deleted pipeline, deletes, new rows.
      const some = (k: number) => people.filter(() => rnd.next() < k).map((p) => p.id);
      await db
        .update(profiles)
        .set({ status: 'PASSED' })
        .where(inArray(profiles.id, some(0.2)));
      await db
        .update(profiles)
        .set({ country: COUNTRY[2]! })
        .where(inArray(profiles.id, some(0.1)));
      await db
        .update(profiles)
        .set({ pipelineId: pipelineIds[1]! })
        .where(inArray(profiles.id, some(0.1)));
      await db
        .update(profiles)
        .set({ createdAt: new Date(START + 5 * DAY) })
        .where(inArray(profiles.id, some(0.05)));
      const someReports = (k: number) => made.filter(() => rnd.next() < k).map((r) => r.id);
      await db
        .update(reports)
        .set({ status: 'PENDING_MANUAL_REVIEW' })
        .where(inArray(reports.id, someReports(0.1)));
      await db
        .update(reports)
        .set({ status: 'COMPLETED' })
        .where(inArray(reports.id, someReports(0.1)));
      await db
        .update(reports)
        .set({ completedAt: new Date(START + 9 * DAY) })
        .where(inArray(reports.id, someReports(0.05)));
      await compareAll(db, owner.id, pipelineIds[0]!, 'edited, dirty');
      await compactFully(db, owner.id);
      await compareAll(db, owner.id, pipelineIds[0]!, 'edited, compacted');

      await db.delete(pipelines).where(eq(pipelines.id, pipelineIds[1]!));
      await db.delete(reports).where(inArray(reports.id, someReports(0.1)));
      await db.delete(profiles).where(inArray(profiles.id, some(0.1)));
      await db.delete(auditEvents).where(inArray(auditEvents.entityId, some(0.1)));
      await db.delete(creditLedger).where(inArray(creditLedger.reportId, someReports(0.1)));
      await seed(db, owner.id, reviewers, [pipelineIds[0]!], rnd, 20);
      await compareAll(db, owner.id, pipelineIds[0]!, 'deleted, dirty');
      await compactAnalytics(db, 3); // part of the days only
      await compareAll(db, owner.id, pipelineIds[0]!, 'deleted, partly compacted');
      await compactFully(db, owner.id);
      await compareAll(db, owner.id, pipelineIds[0]!, 'deleted, compacted');

      // A deleted owner's marks and rows go away without blocking the compaction.
      await db.execute(sql`DELETE FROM owner WHERE id = ${other.id}`);
      await compactFully(db, owner.id);
      expect(await countOf(db, 'analytics_rollup', other.id)).toBe(0);
      expect(await countOf(db, 'analytics_rollup_week', other.id)).toBe(0);
    },
  );

  test('a range by week reads whole clean weeks at one offset from the week rollups, every other day from the day rollups', () => {
    const days = Array.from({ length: 17 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)); // Thu 1 – Sat 17 January
    const offsets = days.map(() => -300);
    expect(rollupSpans(days, offsets, null)).toEqual({
      weeks: [],
      runs: [{ o: -300, from: '2026-01-01', to: '2026-01-17' }],
    });
    expect(rollupSpans(days, offsets, new Set())).toEqual({
      weeks: [{ o: -300, mondays: ['2026-01-05'] }], // 12–18 January runs past the range
      runs: [
        { o: -300, from: '2026-01-01', to: '2026-01-04' },
        { o: -300, from: '2026-01-12', to: '2026-01-17' },
      ],
    });
    // A dirty day keeps its whole week on the day rollups; so does an offset change inside the week.
    expect(rollupSpans(days, offsets, new Set(['2026-01-07'])).weeks).toEqual([]);
    expect(
      rollupSpans(
        days,
        offsets.map((o, i) => (i === 6 ? -240 : o)),
        new Set(),
      ).weeks,
    ).toEqual([]);
  });

  test('the backlog compaction works off full batches and stops after a partial pass, even while writes keep dirtying days', async ({
    db,
  }) => {
    const owner = await createOwner(db);
    const mark = (day: string) =>
      db.execute(sql`INSERT INTO analytics_dirty (owner_id, day) VALUES (${owner.id}::uuid, ${day}::date)`);
    for (let d = 1; d <= 5; d++) await mark(`2026-01-0${d}`);
    expect(await compactAnalyticsBacklog(db, 2)).toBe(5); // passes of 2, 2, then 1
    expect(await countOf(db, 'analytics_dirty', owner.id)).toBe(0);
    // Steady writes: every pass ends with a day dirty again (here a trigger marks one as each pass writes
    // its weeks, as a person created meanwhile would). The backlog run stops after its partial pass and
    // leaves that mark to the next run instead of recomputing it back to back forever.
    await db.execute(sql`CREATE FUNCTION test_redirty() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO analytics_dirty (owner_id, day) VALUES (${sql.raw(`'${owner.id}'`)}::uuid, '2026-02-01'); RETURN NULL; END $$`);
    await db.execute(
      sql`CREATE TRIGGER test_redirty AFTER INSERT ON analytics_rollup_week FOR EACH STATEMENT EXECUTE FUNCTION test_redirty()`,
    );
    await mark('2026-01-10');
    expect(await compactAnalyticsBacklog(db, 2)).toBe(1);
    expect(await countOf(db, 'analytics_dirty', owner.id)).toBe(1);
  });
});
