import type { ReportStatus, ReportType, TAnalyticsResponse, TNavbarMetricsResponse } from '@centinela/shared';
import { auditEvents, creditLedger, reports } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { navbarMetrics } from '../src/domains/metrics/navbar.ts';
import { bearer, createProfile, createUser, login, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo));
}

/** A percentile read from a histogram bucket: within ±4.4 % of (1 + exact seconds), plus rounding. */
const near = (exact: number | null) =>
  exact === null
    ? null
    : {
        asymmetricMatch: (v: unknown) => typeof v === 'number' && Math.abs(v - exact) <= 0.045 * (1 + exact) + 1,
        toString: () => `≈${exact}`,
        toAsymmetricMatcher: () => `≈${exact}`,
      };

async function navbar(app: Parameters<typeof signedIn>[0], headers: Record<string, string>, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/metrics/navbar${query}`, headers });
}

describe('GET /api/v1/metrics/navbar', () => {
  test('counts the owner’s persons per status, today’s new ones and the credits; never another owner’s', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['viewer'], { plan: 'free', creditsAvailable: 7 });
    const b = await signedIn(app, ['analyst'], { creditsAvailable: 99 });
    const statuses = [
      'PENDING',
      'PENDING',
      'PENDING_MANUAL_REVIEW',
      'PASSED',
      'PASSED',
      'PASSED',
      'FAILED',
      'INFO',
      'ERROR',
    ] as const;
    for (const status of statuses) await createProfile(db, a.owner.id, { status });
    // Two days ago: counted by status, not as new today whatever the zone.
    await createProfile(db, a.owner.id, { status: 'FAILED', createdAt: new Date(Date.now() - 48 * HOUR) });
    for (let i = 0; i < 4; i++) await createProfile(db, b.owner.id, { status: 'PENDING' });

    const response = await navbar(app, a.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TNavbarMetricsResponse>()).toEqual({
      byStatus: { PENDING: 2, PENDING_MANUAL_REVIEW: 1, PASSED: 3, FAILED: 2 },
      newToday: statuses.length,
      timeZone: 'UTC',
      plan: 'free',
      creditsAvailable: 7,
      consentAttestationRequired: false,
    });
    const other = (await navbar(app, b.headers)).json<TNavbarMetricsResponse>();
    expect(other).toMatchObject({
      byStatus: { PENDING: 4, PENDING_MANUAL_REVIEW: 0, PASSED: 0, FAILED: 0 },
      newToday: 4,
      plan: 'standard',
      creditsAvailable: 99,
    });

    // A client user naming another owner is refused, as tenantScope does everywhere.
    const refused = await navbar(app, a.headers, `?ownerId=${b.owner.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  test('platform staff see one owner with ownerId, every owner without; an unknown owner is a 404', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['analyst'], { creditsAvailable: 3 });
    const b = await signedIn(app, ['analyst']);
    await createProfile(db, a.owner.id, { status: 'PASSED' });
    await createProfile(db, b.owner.id, { status: 'PASSED' });
    await createProfile(db, b.owner.id, { status: 'FAILED' });
    const admin = await createUser(db, { ownerId: null, roles: ['support'] });
    const headers = bearer((await login(app, admin.username)).token);
    expect((await navbar(app, headers, `?ownerId=${a.owner.id}`)).json<TNavbarMetricsResponse>()).toMatchObject({
      byStatus: { PASSED: 1, FAILED: 0 },
      creditsAvailable: 3,
    });
    expect((await navbar(app, headers)).json<TNavbarMetricsResponse>()).toMatchObject({
      byStatus: { PASSED: 2, FAILED: 1 },
      newToday: 3,
      plan: null,
      creditsAvailable: null,
      consentAttestationRequired: null,
    });
    expect((await navbar(app, headers, '?ownerId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  test('persons hidden by deferred API sync are not counted until visible', async ({ app, db }) => {
    const a = await signedIn(app, ['analyst'], { deferredApiSync: true });
    await createProfile(db, a.owner.id, { status: 'PASSED' });
    await createProfile(db, a.owner.id, {
      status: 'PASSED',
      createdAs: 'api',
      visibleFrom: new Date(Date.now() + 24 * HOUR),
    });
    expect((await navbar(app, a.headers)).json<TNavbarMetricsResponse>()).toMatchObject({
      byStatus: { PASSED: 1 },
      newToday: 1,
    });
  });

  test('"today" starts at midnight in the requested time zone; a zone that does not exist is a 400', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    // At 03:00 UTC on 10 March it is 22:00 on the 9th in Bogotá: 23:00 UTC on the 9th is yesterday in UTC
    // and today (18:00) in Bogotá; 04:00 UTC on the 9th was the 8th there.
    await createProfile(db, a.owner.id, { createdAt: at('2026-03-09T23:00:00Z') });
    await createProfile(db, a.owner.id, { createdAt: at('2026-03-09T04:00:00Z') });
    const now = at('2026-03-10T03:00:00Z');
    const scope = { ownerId: a.owner.id };
    expect((await navbarMetrics(db, scope, {}, now)).newToday).toBe(0);
    expect((await navbarMetrics(db, scope, { tz: 'America/Bogota' }, now)).newToday).toBe(1);
    // In Tokyo it is noon on the 10th: 23:00 UTC on the 9th was 08:00 today, 04:00 UTC was yesterday.
    expect((await navbarMetrics(db, scope, { tz: 'Asia/Tokyo' }, now)).newToday).toBe(1);

    const ok = await navbar(app, a.headers, '?tz=america/bogota');
    expect(ok.json<TNavbarMetricsResponse>().timeZone).toBe('America/Bogota');
    for (const tz of ['Not/AZone', "UTC'; drop table profile; --", '']) {
      const bad = await navbar(app, a.headers, `?tz=${encodeURIComponent(tz)}`);
      expect(bad.statusCode, tz).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

type ReportFixture = {
  profile: number;
  type: ReportType;
  status: ReportStatus;
  created: string;
  completed: string | null;
};

/** An owner's persons, reports, review decisions and credit movements at fixed instants. */
async function seedAnalytics(db: Db, ownerId: string, reviewerId: string) {
  const pipeline = await createPipeline(db, ownerId);
  const people = [
    { country: 'co', status: 'PASSED', created: '2026-01-05T10:00:00Z', pipeline: true },
    { country: 'co', status: 'FAILED', created: '2026-01-05T23:30:00Z', pipeline: false },
    { country: 'mx', status: 'PENDING_MANUAL_REVIEW', created: '2026-01-07T12:00:00Z', pipeline: true },
    { country: 'mx', status: 'PASSED', created: '2026-01-13T08:00:00Z', pipeline: false },
    { country: 'co', status: 'PASSED', created: '2026-01-14T09:00:00Z', pipeline: true },
    // Outside the range (before and after).
    { country: 'co', status: 'PASSED', created: '2025-12-31T12:00:00Z', pipeline: true },
    { country: 'co', status: 'FAILED', created: '2026-01-19T12:00:00Z', pipeline: true },
  ] as const;
  const profiles: Awaited<ReturnType<typeof createProfile>>[] = [];
  for (const p of people) {
    profiles.push(
      await createProfile(db, ownerId, {
        country: p.country,
        status: p.status,
        createdAt: at(p.created),
        pipelineId: p.pipeline ? pipeline.id : null,
      }),
    );
  }
  const fixtures: ReportFixture[] = [
    {
      profile: 0,
      type: 'criminal_records',
      status: 'COMPLETED',
      created: '2026-01-05T10:00:00Z',
      completed: '2026-01-05T10:10:00Z',
    },
    {
      profile: 0,
      type: 'news_search',
      status: 'COMPLETED',
      created: '2026-01-05T10:00:00Z',
      completed: '2026-01-05T11:00:00Z',
    },
    {
      profile: 1,
      type: 'criminal_records',
      status: 'PENDING_MANUAL_REVIEW',
      created: '2026-01-05T23:30:00Z',
      completed: '2026-01-06T00:30:00Z',
    },
    {
      profile: 2,
      type: 'criminal_records',
      status: 'PENDING_MANUAL_REVIEW',
      created: '2026-01-07T12:00:00Z',
      completed: '2026-01-07T12:20:00Z',
    },
    { profile: 2, type: 'news_search', status: 'ERROR', created: '2026-01-07T12:00:00Z', completed: null },
    {
      profile: 3,
      type: 'criminal_records',
      status: 'COMPLETED',
      created: '2026-01-13T08:00:00Z',
      completed: '2026-01-13T08:05:00Z',
    },
    {
      profile: 4,
      type: 'criminal_records',
      status: 'INFO',
      created: '2026-01-14T09:00:00Z',
      completed: '2026-01-14T09:30:00Z',
    },
    {
      profile: 5,
      type: 'criminal_records',
      status: 'COMPLETED',
      created: '2025-12-31T12:00:00Z',
      completed: '2025-12-31T12:05:00Z',
    },
    {
      profile: 6,
      type: 'criminal_records',
      status: 'COMPLETED',
      created: '2026-01-19T12:00:00Z',
      completed: '2026-01-19T12:05:00Z',
    },
  ];
  const rows = await db
    .insert(reports)
    .values(
      fixtures.map((r) => ({
        ownerId,
        profileId: profiles[r.profile]!.id,
        type: r.type,
        status: r.status,
        createdAt: at(r.created),
        completedAt: r.completed ? at(r.completed) : null,
      })),
    )
    .returning();
  // Profile 1 was rejected 2 h after its review finding; profile 2 has no decision yet.
  await db.insert(auditEvents).values([
    {
      ownerId,
      actorUserId: reviewerId,
      action: 'profile.review',
      entityType: 'profile',
      entityId: profiles[1]!.id,
      at: at('2026-01-06T02:30:00Z'),
    },
    {
      ownerId,
      actorUserId: reviewerId,
      action: 'profile.update',
      entityType: 'profile',
      entityId: profiles[1]!.id,
      at: at('2026-01-06T02:31:00Z'),
    },
  ]);
  // Debits of 1 per report run, one refunded (the ERROR), one outside the range.
  await db.insert(creditLedger).values([
    { ownerId, kind: 'debit', amount: -1, balanceAfter: 9, reportId: rows[0]!.id, createdAt: rows[0]!.createdAt },
    { ownerId, kind: 'debit', amount: -1, balanceAfter: 8, reportId: rows[1]!.id, createdAt: rows[1]!.createdAt },
    { ownerId, kind: 'debit', amount: -1, balanceAfter: 7, reportId: rows[3]!.id, createdAt: rows[3]!.createdAt },
    { ownerId, kind: 'debit', amount: -1, balanceAfter: 6, reportId: rows[4]!.id, createdAt: rows[4]!.createdAt },
    {
      ownerId,
      kind: 'refund',
      amount: 1,
      balanceAfter: 7,
      reportId: rows[4]!.id,
      createdAt: at('2026-01-07T13:00:00Z'),
    },
    { ownerId, kind: 'debit', amount: -1, balanceAfter: 6, reportId: rows[7]!.id, createdAt: rows[7]!.createdAt },
  ]);
  return { people, profiles, fixtures, pipeline };
}

const RANGE = '?from=2026-01-05&to=2026-01-18';

describe('GET /api/v1/metrics/analytics', () => {
  test('aggregates the owner’s range: volume, statuses, turnaround, manual review, reviewers, credits', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['manager']);
    const b = await signedIn(app, ['manager']);
    const seeded = await seedAnalytics(db, a.owner.id, a.user.id);
    await seedAnalytics(db, b.owner.id, b.user.id);

    const response = await app.inject({ method: 'GET', url: `/api/v1/metrics/analytics${RANGE}`, headers: a.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TAnalyticsResponse>();
    expect(body.range).toEqual({ from: '2026-01-05', to: '2026-01-18', bucket: 'day', timeZone: 'UTC' });

    // Expected figures, from the fixtures.
    const inRange = (iso: string) => iso >= '2026-01-05' && iso < '2026-01-19';
    expect(body.volume).toHaveLength(14);
    const people = seeded.people.filter((p) => inRange(p.created));
    const reportsIn = seeded.fixtures.filter((r) => inRange(r.created));
    for (const { period, profiles, reports: n } of body.volume) {
      expect(profiles, period).toBe(people.filter((p) => p.created.startsWith(period)).length);
      expect(n, period).toBe(reportsIn.filter((r) => r.created.startsWith(period)).length);
    }
    expect(body.volume.find((v) => v.period === '2026-01-05')).toEqual({
      period: '2026-01-05',
      profiles: 2,
      reports: 3,
    });

    const statusCounts = new Map<string, number>();
    for (const p of people) statusCounts.set(p.status, (statusCounts.get(p.status) ?? 0) + 1);
    expect(Object.fromEntries(body.statuses.map((s) => [s.status, s.count]))).toEqual(Object.fromEntries(statusCounts));

    const completed = seeded.fixtures.filter((r) => r.completed && inRange(r.completed));
    const groups = new Map<string, number[]>();
    for (const r of completed) {
      const key = `${r.type}/${seeded.people[r.profile]!.country}`;
      groups.set(key, [...(groups.get(key) ?? []), (Date.parse(r.completed!) - Date.parse(r.created)) / 1000]);
    }
    // Percentiles from the rollups' log-scale histogram: within ±4.4 % of 1 + the exact value (rollups.ts).
    expect(body.turnaround).toEqual(
      [...groups]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, values]) => {
          const [type, country] = key.split('/');
          return {
            type,
            country,
            reports: values.length,
            p50: near(percentile(values, 0.5)),
            p90: near(percentile(values, 0.9)),
          };
        }),
    );
    expect(body.turnaround.find((t) => t.type === 'criminal_records' && t.country === 'co')).toEqual({
      type: 'criminal_records',
      country: 'co',
      reports: 3,
      p50: near(1800),
      p90: near(3240),
    });

    expect(body.manualReview).toEqual([
      { type: 'criminal_records', reports: 5, review: 2 },
      { type: 'news_search', reports: 2, review: 0 },
    ]);
    // One decision, 2 h after its finding (the later 'profile.update' is no decision).
    expect(body.reviewers).toEqual([
      { userId: a.user.id, username: a.user.username, reviews: 1, p50: near(7200), p90: near(7200) },
    ]);
    // Debits net of the refund; the December debit is outside the range.
    expect(body.credits).toEqual([
      { type: 'criminal_records', reports: 2, credits: 2 },
      { type: 'news_search', reports: 2, credits: 1 },
    ]);
  });

  test('filters by country and pipeline, buckets by week, counts days in the time zone', async ({ app, db }) => {
    const a = await signedIn(app, ['analyst']);
    const seeded = await seedAnalytics(db, a.owner.id, a.user.id);
    const get = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/metrics/analytics${RANGE}${query}`,
        headers: a.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TAnalyticsResponse>();
    };
    const mx = await get('&country=mx');
    expect(mx.statuses).toEqual([
      { status: 'PASSED', count: 1 },
      { status: 'PENDING_MANUAL_REVIEW', count: 1 },
    ]);
    expect(mx.manualReview).toEqual([
      { type: 'criminal_records', reports: 2, review: 1 },
      { type: 'news_search', reports: 1, review: 0 },
    ]);
    expect(mx.reviewers).toEqual([]);
    expect(mx.credits).toEqual([
      { type: 'criminal_records', reports: 1, credits: 1 },
      { type: 'news_search', reports: 1, credits: 0 },
    ]);

    const piped = await get(`&pipelineId=${seeded.pipeline.id}`);
    expect(piped.statuses.reduce((n, s) => n + s.count, 0)).toBe(3);

    const weeks = await get('&bucket=week');
    expect(weeks.volume).toEqual([
      { period: '2026-01-05', profiles: 3, reports: 5 },
      { period: '2026-01-12', profiles: 2, reports: 2 },
    ]);
    // In Bogotá (UTC−5) the person created at 23:30 UTC on the 5th was created on the 5th at 18:30: same
    // day; the one at 10:00 UTC too. In Tokyo (UTC+9) the 23:30 one falls on the 6th.
    const tokyo = await get('&tz=Asia/Tokyo');
    expect(tokyo.volume.find((v) => v.period === '2026-01-05')?.profiles).toBe(1);
    expect(tokyo.volume.find((v) => v.period === '2026-01-06')?.profiles).toBe(1);
  });

  test('a client user cannot name another owner; staff can; bad ranges are 400', async ({ app, db }) => {
    const a = await signedIn(app, ['viewer']);
    const b = await signedIn(app, ['manager']);
    await seedAnalytics(db, b.owner.id, b.user.id);
    const url = (q: string) => `/api/v1/metrics/analytics${RANGE}${q}`;
    expect(
      (await app.inject({ method: 'GET', url: url(`&ownerId=${b.owner.id}`), headers: a.headers })).statusCode,
    ).toBe(403);
    const mine = (await app.inject({ method: 'GET', url: url(''), headers: a.headers })).json<TAnalyticsResponse>();
    expect(mine.statuses).toEqual([]);
    expect(mine.volume.every((v) => v.profiles === 0 && v.reports === 0)).toBe(true);

    const support = await createUser(db, { ownerId: null, roles: ['support'] });
    const headers = bearer((await login(app, support.username)).token);
    const theirs = (
      await app.inject({ method: 'GET', url: url(`&ownerId=${b.owner.id}`), headers })
    ).json<TAnalyticsResponse>();
    expect(theirs.statuses.reduce((n, s) => n + s.count, 0)).toBe(5);

    for (const q of [
      '?from=2026-02-01&to=2026-01-01',
      '?from=2025-01-01&to=2026-06-01',
      '?from=2026-13-01',
      '?bucket=month',
    ]) {
      const bad = await app.inject({ method: 'GET', url: `/api/v1/metrics/analytics${q}`, headers: a.headers });
      expect(bad.statusCode, q).toBe(400);
    }
  });
});
