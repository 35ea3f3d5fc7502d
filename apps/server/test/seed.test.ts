import { eq, sql } from 'drizzle-orm';
import { COUNTRIES, PROFILE_STATUSES } from '@centinela/shared';
import { creditLedger, owners, profiles, reports } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/seed/index.ts';
import { describe, expect, test } from './helper.ts';

describe('demo seed', () => {
  test('seeds ~300 persons across every country and status, once', async ({ db }) => {
    const first = await seedDemo(db);
    expect(first.created).toBe(true);
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(profiles))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(250);

    const second = await seedDemo(db);
    expect(second.created).toBe(false);
    expect(await count()).toBe(before);

    const statuses = await db.selectDistinct({ status: profiles.status }).from(profiles);
    expect(statuses.map((s) => s.status).sort()).toEqual([...PROFILE_STATUSES].sort());
    const countries = await db.selectDistinct({ country: profiles.country }).from(profiles);
    expect(countries.map((c) => c.country).sort()).toEqual(COUNTRIES.filter((c) => c !== 'xx').sort());
    const reportCount = (await db.select({ n: sql<number>`count(*)::int` }).from(reports))[0]!.n;
    expect(reportCount).toBeGreaterThan(before);

    // Every manually reviewed person has its decision in the audit log, by a reviewer of the same owner
    // (the analytics page's reviewer workload reads these).
    const reviews = await db.execute(sql`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE u.owner_id = a.owner_id AND p.manually_reviewed)::int AS consistent,
             (SELECT count(*)::int FROM profile WHERE manually_reviewed) AS reviewed
      FROM audit_event a JOIN profile p ON p.id::text = a.entity_id LEFT JOIN "user" u ON u.id = a.actor_user_id
      WHERE a.action = 'profile.review'`);
    const [row] = (reviews as unknown as { rows: { n: number; consistent: number; reviewed: number }[] }).rows;
    expect(row!.n).toBeGreaterThan(0);
    expect(row).toEqual({ n: row!.reviewed, consistent: row!.reviewed, reviewed: row!.reviewed });
  });

  test('every active demo account signs in; the inactive one is refused', async ({ app, db }) => {
    const { accounts } = await seedDemo(db);
    expect(accounts.map((a) => a.role).sort()).toEqual(
      expect.arrayContaining(['admin', 'analyst', 'manager', 'support', 'viewer']),
    );
    for (const account of accounts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(response.statusCode, account.email).toBe(account.active ? 200 : 403);
    }
  });

  test('the free-tier owner’s credits are explained by its ledger', async ({ db }) => {
    await seedDemo(db);
    const [pyme] = await db.select().from(owners).where(eq(owners.codeName, 'pyme'));
    expect(pyme!.plan).toBe('free');
    const [sum] = await db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.ownerId, pyme!.id));
    expect(sum!.total).toBe(pyme!.creditsAvailable);
  });
});
