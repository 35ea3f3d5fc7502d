import type { TSourcesHealthResponse } from '@centinela/shared';
import { reports } from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import { createApiKey, createProfile, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { staffSignedIn } from './lists.ts';

/** `answered` reports answered an hour ago and `pending` waiting, of one type, each of its own person. */
async function reportsOf(db: Db, ownerId: string, { answered, pending }: { answered: number; pending: number }) {
  const completedAt = new Date(Date.now() - 3_600_000);
  const startedAt = new Date(completedAt.getTime() - 2000);
  const statuses = [...Array<'COMPLETED'>(answered).fill('COMPLETED'), ...Array<'PENDING'>(pending).fill('PENDING')];
  for (const status of statuses) {
    const profile = await createProfile(db, ownerId);
    await db.insert(reports).values({
      ownerId,
      profileId: profile.id,
      type: 'criminal_records',
      status,
      ...(status === 'COMPLETED' ? { startedAt, completedAt } : {}),
    });
  }
}

const providers = async (app: Parameters<typeof signedIn>[0], headers: Record<string, string>) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/watchlists/sources', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<TSourcesHealthResponse>()
    .providers.map((p) => ({ type: p.reportType, answered: p.answered24h, pending: p.pending }));
};

describe("GET /watchlists/sources: the report sources' figures", () => {
  test("count the caller's owner's reports only; platform staff count everyone's", async ({ app, db }) => {
    const a = await signedIn(app, ['viewer']);
    const b = await signedIn(app, ['viewer']);
    await reportsOf(db, a.owner.id, { answered: 3, pending: 1 });
    await reportsOf(db, b.owner.id, { answered: 5, pending: 4 });
    const key = await createApiKey(db, a.owner.id);

    expect(await providers(app, a.headers)).toEqual([{ type: 'criminal_records', answered: 3, pending: 1 }]);
    expect(await providers(app, { 'x-api-key': key.key })).toEqual([
      { type: 'criminal_records', answered: 3, pending: 1 },
    ]);
    expect(await providers(app, b.headers)).toEqual([{ type: 'criminal_records', answered: 5, pending: 4 }]);
    const staff = await staffSignedIn(app);
    expect(await providers(app, staff.headers)).toEqual([{ type: 'criminal_records', answered: 8, pending: 5 }]);
  });
});
