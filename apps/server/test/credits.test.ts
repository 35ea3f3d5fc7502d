import { and, eq, sql } from 'drizzle-orm';
import type { TCreditsSummary } from '@centinela/shared';
import { creditLedger, owners, profiles, reports } from '../src/db/schema/index.ts';
import { refillFreePlans } from '../src/domains/credits/refill.ts';
import type { DomainEvent } from '../src/kernel/index.ts';
import { createOwner, createUser, login, bearer, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { FAST_ENV } from './reports/support.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const candidate = (documentId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId,
  name: 'Ana Gómez',
  reportTypes: ['criminal_records'],
  ...extra,
});

async function balance(db: Parameters<typeof refillFreePlans>[0], ownerId: string) {
  const [row] = await db.select({ n: owners.creditsAvailable }).from(owners).where(eq(owners.id, ownerId));
  return row!.n;
}

async function ledger(db: Parameters<typeof refillFreePlans>[0], ownerId: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.ownerId, ownerId)).orderBy(creditLedger.id);
}

describe('credits: free-plan debits', () => {
  test.override({ env: FAST_ENV });

  test('50 concurrent creations against 10 credits: exactly 10 run, the balance ends at 0 and is never negative', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['analyst'], { plan: 'free', creditsInitial: 10, creditsAvailable: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/profiles',
          headers: a.headers,
          payload: candidate(`10203040${String(i).padStart(2, '0')}`),
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    const refused = responses.find((r) => r.statusCode === 402)!.json<{ code: string; message: string }>();
    expect(refused.code).toBe('insufficient_credits');
    expect(refused.message).toContain('Upgrade your plan');

    expect(await balance(db, a.owner.id)).toBe(0);
    // Nothing half-created: no profile or report without its debit.
    const [counts] = await db
      .select({
        people: sql<number>`(select count(*)::int from ${profiles} where owner_id = ${a.owner.id})`,
        runs: sql<number>`(select count(*)::int from ${reports} where owner_id = ${a.owner.id})`,
      })
      .from(owners)
      .where(eq(owners.id, a.owner.id));
    expect(counts).toEqual({ people: 10, runs: 10 });
    const rows = await ledger(db, a.owner.id);
    expect(rows.map((r) => r.kind)).toEqual(Array(10).fill('debit'));
    expect(rows.map((r) => r.balanceAfter).sort((x, y) => y - x)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(rows.every((r) => r.amount === -1 && r.reportId)).toBe(true);
    // Each debit names who created the person, on the dashboard as in a CSV import (one write path).
    expect(rows.every((r) => r.createdBy === a.user.id)).toBe(true);

    await app.reports.drain();
    const done = await db.select({ status: reports.status }).from(reports).where(eq(reports.ownerId, a.owner.id));
    expect(done.filter((r) => r.status !== 'PENDING')).toHaveLength(10);
  });

  test('a report that ends in ERROR gives its credit back, once; INCOMPLETE reports cost nothing', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['analyst'], { plan: 'free', creditsInitial: 5, creditsAvailable: 5 });
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));
    const failing = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate('1020304097', { reportTypes: ['criminal_records', 'police_record'] }),
    });
    expect(failing.statusCode).toBe(201);
    // police_record lacks its issue date: INCOMPLETE, not charged.
    expect(await balance(db, a.owner.id)).toBe(4);
    expect(events).toContainEqual({ name: 'credits.updated', ownerId: a.owner.id, payload: { creditsAvailable: 4 } });
    await app.reports.drain();
    const [report] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.ownerId, a.owner.id), eq(reports.type, 'criminal_records')));
    expect(report).toMatchObject({ status: 'ERROR', creditsCharged: 0 });
    expect(await balance(db, a.owner.id)).toBe(5);
    expect((await ledger(db, a.owner.id)).map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['debit', -1, 4],
      ['refund', 1, 5],
    ]);
    expect(events).toContainEqual({ name: 'credits.updated', ownerId: a.owner.id, payload: { creditsAvailable: 5 } });

    // Run again: charged again, refunded again — each run pays once and gets back once.
    const rerun = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/reports/${report!.id}/rerun`,
      headers: a.headers,
    });
    expect(rerun.statusCode).toBe(200);
    expect(await balance(db, a.owner.id)).toBe(4);
    await app.reports.drain();
    expect(await balance(db, a.owner.id)).toBe(5);
    expect((await ledger(db, a.owner.id)).map((r) => r.kind)).toEqual(['debit', 'refund', 'debit', 'refund']);
  });

  test('standard owners are not limited and not charged', async ({ app, db }) => {
    const a = await signedIn(app, ['analyst'], { plan: 'standard', creditsAvailable: 0 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate('1020304050', { reportTypes: ['news_search', 'judicial_records'] }),
    });
    expect(response.statusCode).toBe(201);
    expect(await balance(db, a.owner.id)).toBe(0);
    expect(await ledger(db, a.owner.id)).toEqual([]);
  });
});

describe('credits: the free plan includes some report types only', () => {
  test('a locked type is refused with an upgrade message, chosen by hand or through a pipeline; nothing is created', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['manager'], { plan: 'free', creditsInitial: 50, creditsAvailable: 50 });
    const byHand = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate('1020304050', { reportTypes: ['criminal_records', 'news_search'] }),
    });
    expect(byHand.statusCode).toBe(403);
    expect(byHand.json()).toMatchObject({ code: 'report_type_locked' });
    expect(byHand.json<{ message: string }>().message).toContain('news_search');

    const pipeline = await createPipeline(db, a.owner.id, { reportTypes: ['criminal_records', 'judicial_records'] });
    const viaPipeline = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...a.headers, 'accept-language': 'es' },
      payload: candidate('1020304050', { reportTypes: undefined, pipelineId: pipeline.id }),
    });
    expect(viaPipeline.statusCode).toBe(403);
    expect(viaPipeline.json<{ message: string }>().message).toContain('Mejore su plan');

    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(eq(profiles.ownerId, a.owner.id));
    expect(left!.n).toBe(0);
    expect(await balance(db, a.owner.id)).toBe(50);
  });
});

describe('credits: monthly refill', () => {
  test('refills free owners back to their initial credits once per month, however often it runs', async ({ db }) => {
    const free = await createOwner(db, { plan: 'free', creditsInitial: 50, creditsAvailable: 7 });
    const standard = await createOwner(db, { plan: 'standard', creditsInitial: 0, creditsAvailable: 0 });
    const inactive = await createOwner(db, { plan: 'free', active: false, creditsInitial: 50, creditsAvailable: 1 });
    const december = new Date('2026-12-01T00:05:00Z');

    const first = await refillFreePlans(db, december);
    expect(first).toContainEqual({ ownerId: free.id, creditsAvailable: 50 });
    expect(await refillFreePlans(db, new Date('2026-12-15T10:00:00Z'))).toEqual([]);
    // Two processes at once: still one refill.
    await Promise.all([refillFreePlans(db, december), refillFreePlans(db, december)]);
    expect(await balance(db, free.id)).toBe(50);
    expect((await ledger(db, free.id)).map((r) => [r.kind, r.amount, r.balanceAfter, r.dedupeKey])).toEqual([
      ['refill', 43, 50, 'refill:2026-12'],
    ]);
    expect(await ledger(db, standard.id)).toEqual([]);
    expect(await balance(db, inactive.id)).toBe(1);

    await db.update(owners).set({ creditsAvailable: 3 }).where(eq(owners.id, free.id));
    await refillFreePlans(db, new Date('2027-01-01T08:00:00Z'));
    expect(await balance(db, free.id)).toBe(50);
    expect((await ledger(db, free.id)).map((r) => r.dedupeKey)).toEqual(['refill:2026-12', 'refill:2027-01']);
  });
});

describe('GET /api/v1/credits and adjustments', () => {
  test("the free plan's summary lists its locked types and next refill; standard is unlimited", async ({ app }) => {
    const free = await signedIn(app, ['viewer'], { plan: 'free', creditsInitial: 50, creditsAvailable: 12 });
    const summary = (
      await app.inject({ method: 'GET', url: '/api/v1/credits', headers: free.headers })
    ).json<TCreditsSummary>();
    expect(summary).toMatchObject({ plan: 'free', limited: true, creditsAvailable: 12, creditsInitial: 50 });
    expect(summary.lockedReportTypes).toContain('news_search');
    expect(summary.lockedReportTypes).not.toContain('criminal_records');
    expect(new Date(summary.nextRefillAt!).getUTCDate()).toBe(1);

    const standard = await signedIn(app, ['viewer']);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/credits', headers: standard.headers })).json(),
    ).toMatchObject({ plan: 'standard', limited: false, nextRefillAt: null, lockedReportTypes: [] });
    // Another owner's numbers are not a client user's to see.
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/credits?ownerId=${free.owner.id}`,
      headers: standard.headers,
    });
    expect(other.statusCode).toBe(403);
  });

  test('support adds or takes credits with a reason; never below zero; a manager cannot', async ({ app, db }) => {
    const owner = await createOwner(db, { plan: 'free', creditsInitial: 50, creditsAvailable: 5 });
    const support = await createUser(db, { ownerId: null, roles: ['support'] });
    const headers = bearer((await login(app, support.username)).token);
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/credits/adjustments',
      headers,
      payload: { ownerId: owner.id, amount: 20, reason: 'Goodwill after an outage' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      creditsAvailable: 25,
      entry: {
        kind: 'adjustment',
        amount: 20,
        balanceAfter: 25,
        reason: 'Goodwill after an outage',
        createdBy: support.id,
      },
    });
    const tooMuch = await app.inject({
      method: 'POST',
      url: '/api/v1/credits/adjustments',
      headers,
      payload: { ownerId: owner.id, amount: -26, reason: 'Correction' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await balance(db, owner.id)).toBe(25);
    const noReason = await app.inject({
      method: 'POST',
      url: '/api/v1/credits/adjustments',
      headers,
      payload: { ownerId: owner.id, amount: 1, reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);

    const manager = await signedIn(app, ['manager'], { plan: 'free' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/credits/adjustments',
      headers: manager.headers,
      payload: { ownerId: manager.owner.id, amount: 100, reason: 'Free credits' },
    });
    expect(refused.statusCode).toBe(403);

    const history = await app.inject({ method: 'GET', url: `/api/v1/credits/ledger?ownerId=${owner.id}`, headers });
    expect(history.json<{ items: { amount: number }[] }>().items.map((e) => e.amount)).toEqual([20]);
  });
});
