import { eq, inArray, sql } from 'drizzle-orm';
import { owners, profiles } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { compactStatusCounts, statusCounts } from '../src/domains/metrics/summaries.ts';
import { createOwner, createProfile } from './factories.ts';
import { describe, expect, test } from './helper.ts';

/** What the counters must equal: a plain count over the persons. */
async function counted(db: Db, ownerId: string) {
  const rows = await db
    .select({ status: profiles.status, n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.ownerId, ownerId))
    .groupBy(profiles.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}
const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, n]) => n !== 0));

describe('maintained person counts per owner and status (navbar)', () => {
  test('inserts, status changes, owner moves and deletes keep the counters exact, before and after compaction', async ({
    db,
  }) => {
    const a = await createOwner(db);
    const b = await createOwner(db);
    const made = [];
    for (const status of ['PENDING', 'PENDING', 'PASSED', 'FAILED', 'PENDING_MANUAL_REVIEW'] as const)
      made.push(await createProfile(db, a.id, { status }));
    await createProfile(db, b.id, { status: 'PENDING' });
    // A multi-row statement, an update that changes nothing, one that changes the status of several rows.
    await db.insert(profiles).values(
      Array.from({ length: 3 }, (_, i) => ({
        ownerId: a.id,
        country: 'mx' as const,
        documentId: `X${i}`,
        name: 'Luis',
        status: 'INFO' as const,
      })),
    );
    await db.update(profiles).set({ name: 'Renamed' }).where(eq(profiles.ownerId, a.id));
    await db
      .update(profiles)
      .set({ status: 'PASSED' })
      .where(inArray(profiles.id, [made[0]!.id, made[1]!.id]));
    await db.update(profiles).set({ ownerId: b.id }).where(eq(profiles.id, made[3]!.id));
    await db.delete(profiles).where(eq(profiles.id, made[4]!.id));

    for (const owner of [a, b])
      expect(nonZero(await statusCounts(db, { ownerId: owner.id }, null))).toEqual(await counted(db, owner.id));
    expect(await compactStatusCounts(db)).toBeGreaterThan(0);
    for (const owner of [a, b])
      expect(nonZero(await statusCounts(db, { ownerId: owner.id }, null))).toEqual(await counted(db, owner.id));
    expect(await compactStatusCounts(db)).toBe(0);
    // Every owner at once (platform staff).
    const all = await statusCounts(db, { ownerId: null, allOwners: true }, null);
    expect(all.get('PASSED')).toBe(3);
    expect(all.get('PENDING')).toBe(1);
  });

  test('concurrent writers and compactions never lose or double a change', async ({ db }) => {
    const owner = await createOwner(db);
    const rows = await Promise.all(
      Array.from({ length: 40 }, () => createProfile(db, owner.id, { status: 'PENDING' })),
    );
    await Promise.all([
      ...rows.map((p, i) =>
        db
          .update(profiles)
          .set({ status: i % 2 ? 'PASSED' : 'FAILED' })
          .where(eq(profiles.id, p.id)),
      ),
      compactStatusCounts(db),
      compactStatusCounts(db),
      compactStatusCounts(db),
    ]);
    await compactStatusCounts(db);
    expect(nonZero(await statusCounts(db, { ownerId: owner.id }, null))).toEqual(
      new Map([
        ['PASSED', 20],
        ['FAILED', 20],
      ]),
    );
  });

  test('persons hidden by deferred sync are left out until visible; a deleted owner’s deltas do not block compaction', async ({
    db,
  }) => {
    const owner = await createOwner(db, { deferredApiSync: true });
    await createProfile(db, owner.id, { status: 'PENDING' });
    const now = new Date(Date.now() + 1000); // after the database's own now() that stamped visible_from
    await createProfile(db, owner.id, {
      status: 'PENDING',
      createdAs: 'api',
      visibleFrom: new Date(now.getTime() + 3_600_000),
    });
    expect((await statusCounts(db, { ownerId: owner.id }, now)).get('PENDING')).toBe(1);
    expect((await statusCounts(db, { ownerId: owner.id }, new Date(now.getTime() + 7_200_000))).get('PENDING')).toBe(2);

    const gone = await createOwner(db);
    await createProfile(db, gone.id, { status: 'PASSED' });
    await db.delete(owners).where(eq(owners.id, gone.id));
    await compactStatusCounts(db);
    expect(nonZero(await statusCounts(db, { ownerId: gone.id }, null))).toEqual(new Map());
    expect((await statusCounts(db, { ownerId: owner.id }, now)).get('PENDING')).toBe(1);
  });
});
