import { and, eq } from 'drizzle-orm';
import type { TListPipelinesResponse, TPipeline } from '@centinela/shared';
import { auditEvents, pipelines, profiles } from '../src/db/schema/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const valid = {
  name: 'Basic checks',
  description: 'Entry level',
  country: 'co',
  reportTypes: ['criminal_records', 'news_search'],
};

describe('pipelines', () => {
  test('a manager creates, lists, edits and deletes; each change audited', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const created = await app.inject({ method: 'POST', url: '/api/v1/pipelines', headers: m.headers, payload: valid });
    expect(created.statusCode, created.body).toBe(201);
    const pipeline = created.json<TPipeline>();
    expect(pipeline).toMatchObject(valid);

    const listed = await app.inject({ method: 'GET', url: '/api/v1/pipelines?country=co', headers: m.headers });
    expect(listed.json<TListPipelinesResponse>().items.map((p) => p.id)).toEqual([pipeline.id]);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/pipelines?country=mx', headers: m.headers })
      ).json<TListPipelinesResponse>().items,
    ).toEqual([]);

    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/pipelines/${pipeline.id}`,
      headers: m.headers,
      payload: { name: 'Renamed', description: null },
    });
    expect(edited.json<TPipeline>()).toMatchObject({
      name: 'Renamed',
      description: null,
      reportTypes: valid.reportTypes,
    });

    const profile = await createProfile(db, m.owner.id, { pipelineId: pipeline.id });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/pipelines/${pipeline.id}`, headers: m.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await db.select().from(pipelines).where(eq(pipelines.id, pipeline.id))).toEqual([]);
    // The person stays; only the link goes.
    const [kept] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(kept?.pipelineId).toBeNull();

    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'pipeline'), eq(auditEvents.entityId, pipeline.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['pipeline.create', 'pipeline.delete', 'pipeline.update']);
  });

  test('name at most 21 characters, a real country, reports offered there, no duplicates', async ({ app }) => {
    const m = await signedIn(app, ['manager']);
    const create = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/pipelines', headers: m.headers, payload: { ...valid, ...payload } });
    expect((await create({ name: 'x'.repeat(21) })).statusCode).toBe(201);
    const long = await create({ name: 'x'.repeat(22) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.name', key: 'pipelines.validation.nameTooLong' }),
    );
    expect((await create({ name: '   ' })).statusCode).toBe(400);
    expect((await create({ country: 'xx' })).statusCode).toBe(400);
    expect((await create({ reportTypes: [] })).statusCode).toBe(400);
    expect((await create({ reportTypes: ['news_search', 'news_search'] })).statusCode).toBe(400);
    const unavailable = await create({ reportTypes: ['state_records'] });
    expect(unavailable.statusCode).toBe(400);
    expect(unavailable.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.reportTypes.0', key: 'pipelines.validation.reportNotAvailable' }),
    );
  });

  test('an edit that leaves reports the new country lacks is refused', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const pipeline = await createPipeline(db, m.owner.id, { reportTypes: ['procuradoria_sanctions'] });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/pipelines/${pipeline.id}`,
      headers: m.headers,
      payload: { country: 'mx' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('pipeline_invalid');
    const ok = await app.inject({
      method: 'PATCH',
      url: `/api/v1/pipelines/${pipeline.id}`,
      headers: m.headers,
      payload: { country: 'mx', reportTypes: ['state_records'] },
    });
    expect(ok.statusCode).toBe(200);
  });

  test("analysts list but do not manage; another owner's pipeline is a 404", async ({ app, db }) => {
    const analyst = await signedIn(app, ['analyst']);
    const other = await signedIn(app, ['manager']);
    const mine = await createPipeline(db, analyst.owner.id);
    const theirs = await createPipeline(db, other.owner.id);
    const listed = await app.inject({ method: 'GET', url: '/api/v1/pipelines', headers: analyst.headers });
    expect(listed.json<TListPipelinesResponse>().items.map((p) => p.id)).toEqual([mine.id]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/pipelines', headers: analyst.headers, payload: valid }))
        .statusCode,
    ).toBe(403);
    // A manager of yet another owner may manage pipelines, just not this one.
    const stranger = await signedIn(app, ['manager']);
    for (const request of [
      { method: 'PATCH' as const, url: `/api/v1/pipelines/${theirs.id}`, payload: { name: 'Hijack' } },
      { method: 'DELETE' as const, url: `/api/v1/pipelines/${theirs.id}` },
    ]) {
      const response = await app.inject({ ...request, headers: stranger.headers });
      expect(response.statusCode).toBe(404);
    }
    expect(await db.select().from(pipelines).where(eq(pipelines.id, theirs.id))).toHaveLength(1);
  });
});
