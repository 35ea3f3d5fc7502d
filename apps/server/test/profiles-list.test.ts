import {
  ZListProfilesResponse,
  ZProfileSummary,
  type TGetProfileResponse,
  type TListProfilesResponse,
  type TProfileCountsResponse,
  type TProfileSummary,
} from '@centinela/shared';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App } from '../src/app.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

async function list(app: App, headers: Record<string, string>, query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/profiles?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListProfilesResponse>();
}

/** Every page of a query, following nextCursor. */
async function allPages(app: App, headers: Record<string, string>, query: string): Promise<TProfileSummary[]> {
  const items: TProfileSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: TListProfilesResponse = await list(app, headers, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('GET /api/v1/profiles', () => {
  test('filters: one or several statuses, country, pipeline, created as, date range, text over name/document/email/phone', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const pipeline = await createPipeline(db, a.owner.id);
    const p1 = await createProfile(db, a.owner.id, {
      name: 'Ana Gómez',
      status: 'PASSED',
      createdAt: at(1),
      email: 'ana@corp.test',
    });
    const p2 = await createProfile(db, a.owner.id, {
      name: 'Luis Pérez',
      status: 'FAILED',
      country: 'mx',
      documentId: 'PEXL800101HDFRRS09',
      createdAt: at(2),
      pipelineId: pipeline.id,
    });
    const p3 = await createProfile(db, a.owner.id, {
      name: 'Eva 100%_',
      status: 'PENDING',
      createdAs: 'csv',
      createdAt: at(3),
      phone: '+573001112233',
    });
    const ids = (r: TListProfilesResponse) => r.items.map((i) => i.id).sort();
    expect(ids(await list(app, a.headers, 'status=PASSED'))).toEqual([p1.id]);
    expect(ids(await list(app, a.headers, 'status=PASSED&status=FAILED'))).toEqual([p1.id, p2.id].sort());
    expect(ids(await list(app, a.headers, 'status=PASSED,PENDING'))).toEqual([p1.id, p3.id].sort());
    expect(ids(await list(app, a.headers, 'country=mx'))).toEqual([p2.id]);
    expect(ids(await list(app, a.headers, `pipelineId=${pipeline.id}`))).toEqual([p2.id]);
    expect(ids(await list(app, a.headers, 'createdAs=csv'))).toEqual([p3.id]);
    expect(
      ids(await list(app, a.headers, `createdFrom=${at(2).toISOString()}&createdTo=${at(3).toISOString()}`)),
    ).toEqual([p2.id]);
    expect(ids(await list(app, a.headers, 'q=g%C3%B3mez'))).toEqual([p1.id]);
    expect(ids(await list(app, a.headers, 'q=PEXL8001'))).toEqual([p2.id]);
    expect(ids(await list(app, a.headers, 'q=corp.test'))).toEqual([p1.id]);
    expect(ids(await list(app, a.headers, 'q=3001112233'))).toEqual([p3.id]);
    // Case-insensitive, each field on its own: no match runs from one field into the next, even with the
    // character that joins them in profile.search_text.
    expect(ids(await list(app, a.headers, 'q=ANA%20G'))).toEqual([p1.id]);
    expect(ids(await list(app, a.headers, 'q=CORP.TEST'))).toEqual([p1.id]);
    expect(ids(await list(app, a.headers, 'q=rez%20PEXL'))).toEqual([]);
    // The joining character itself is a control character, refused like any other.
    const joiner = await app.inject({ method: 'GET', url: '/api/v1/profiles?q=rez%1FPEXL', headers: a.headers });
    expect(joiner.statusCode).toBe(400);
    expect(ids(await list(app, a.headers, 'q=P%C3%A9rez'))).toEqual([p2.id]);
    // LIKE wildcards are literal.
    expect(ids(await list(app, a.headers, 'q=100%25_'))).toEqual([p3.id]);
    expect(ids(await list(app, a.headers, 'q=%25'))).toEqual([p3.id]);
    const nul = await app.inject({ method: 'GET', url: '/api/v1/profiles?q=a%00b', headers: a.headers });
    expect(nul.statusCode).toBe(400);
    const badStatus = await app.inject({ method: 'GET', url: '/api/v1/profiles?status=NOPE', headers: a.headers });
    expect(badStatus.statusCode).toBe(400);
  });

  test('deferred API sync: persons not yet visible stay out of lists and counts', async ({ app, db }) => {
    const a = await signedIn(app);
    await createProfile(db, a.owner.id, { createdAs: 'api', visibleFrom: new Date(Date.now() + 3600_000) });
    const shown = await createProfile(db, a.owner.id);
    expect((await list(app, a.headers, '')).items.map((i) => i.id)).toEqual([shown.id]);
    const counts = await app.inject({ method: 'GET', url: '/api/v1/profiles/counts', headers: a.headers });
    expect(counts.json<TProfileCountsResponse>().total).toBe(1);
  });

  test.for(['created_at', 'name', 'status'] as const)(
    'sort=%s pages exactly in both orders with keyset cursors',
    async (sort, { app, db }) => {
      const a = await signedIn(app);
      const names = ['Beto', 'ana', 'Carla', 'Beto', 'Dario', 'Ana', 'Eva'];
      const statuses = ['PASSED', 'FAILED', 'PENDING', 'PASSED', 'INFO', 'FAILED', 'PASSED'] as const;
      // Equal timestamps in pairs: the id tie-break must still page without gaps or repeats.
      for (let i = 0; i < names.length; i++)
        await createProfile(db, a.owner.id, {
          name: names[i]!,
          status: statuses[i]!,
          createdAt: at(Math.floor(i / 2)),
        });
      for (const order of ['asc', 'desc'] as const) {
        const paged = await allPages(app, a.headers, `sort=${sort}&order=${order}&limit=2`);
        const whole = (await list(app, a.headers, `sort=${sort}&order=${order}&limit=200`)).items;
        expect(paged.map((p) => p.id)).toEqual(whole.map((p) => p.id));
        expect(new Set(paged.map((p) => p.id)).size).toBe(names.length);
        const key = (p: TProfileSummary) => (sort === 'created_at' ? p.createdAt : sort === 'name' ? p.name : p.status);
        const keys = whole.map(key);
        // Names follow the database collation (C on PGlite, the locale on PostgreSQL), so only instants are compared here.
        if (sort === 'created_at') {
          const sorted = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
          expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      }
      // A cursor belongs to its sort: another sort refuses it.
      const first = await list(app, a.headers, `sort=${sort}&limit=2`);
      const other = sort === 'name' ? 'status' : 'name';
      const refused = await app.inject({
        method: 'GET',
        url: `/api/v1/profiles?sort=${other}&limit=2&cursor=${first.nextCursor}`,
        headers: a.headers,
      });
      expect(refused.statusCode).toBe(400);
    },
  );

  test("each row is the summary the person's own page gives, field for field, and nothing more", async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const pipeline = await createPipeline(db, a.owner.id);
    await createProfile(db, a.owner.id, {
      name: 'Ana Gómez',
      email: 'ana@corp.test',
      phone: '+573001112233',
      createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 67)),
    });
    await createProfile(db, a.owner.id, {
      name: 'Luis "Lucho" Pérez',
      country: 'mx',
      documentType: 'passport',
      pipelineId: pipeline.id,
      status: 'FAILED',
      manuallyReviewed: true,
      outcome: 'Rejected after review',
      createdAt: new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 999)),
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/profiles?limit=10', headers: a.headers });
    expect(response.statusCode).toBe(200);
    const page = ZListProfilesResponse.parse(response.json());
    expect(page.items).toHaveLength(2);
    for (const item of response.json<TListProfilesResponse>().items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(ZProfileSummary.shape).sort());
      const detail = (
        await app.inject({ url: `/api/v1/profiles/${item.id}`, headers: a.headers })
      ).json<TGetProfileResponse>();
      const summary = Object.fromEntries(
        Object.keys(ZProfileSummary.shape).map((k) => [k, detail[k as keyof TGetProfileResponse]]),
      );
      expect(item).toEqual(summary);
    }
  });

  test('status sort follows the status order of SPEC §4', async ({ app, db }) => {
    const a = await signedIn(app);
    for (const status of ['PENDING', 'ERROR', 'PASSED'] as const) await createProfile(db, a.owner.id, { status });
    expect((await list(app, a.headers, 'sort=status&order=asc')).items.map((i) => i.status)).toEqual([
      'ERROR',
      'PASSED',
      'PENDING',
    ]);
  });

  test('a garbage cursor is a 400, never a 500', async ({ app }) => {
    const a = await signedIn(app);
    for (const cursor of [
      'x',
      Buffer.from('["status","desc","NOPE","00000000-0000-4000-8000-000000000000"]').toString('base64url'),
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/profiles?sort=status&cursor=${cursor}`,
        headers: a.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  test("only the caller's owner", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    await createProfile(db, b.owner.id);
    expect((await list(app, a.headers, '')).items).toEqual([]);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles?ownerId=${b.owner.id}`,
      headers: a.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/v1/profiles/counts', () => {
  test("per status for the same filter (its status ignored), only the caller's owner", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    for (const status of ['PASSED', 'PASSED', 'FAILED', 'PENDING'] as const)
      await createProfile(db, a.owner.id, { status });
    await createProfile(db, a.owner.id, { status: 'PASSED', country: 'mx' });
    await createProfile(db, b.owner.id, { status: 'PASSED' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/profiles/counts?country=co&status=FAILED',
      headers: a.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<TProfileCountsResponse>();
    expect(body.total).toBe(4);
    expect(body.byStatus).toMatchObject({ PASSED: 2, FAILED: 1, PENDING: 1, ERROR: 0, PRECANDIDATE: 0 });
    expect(Object.keys(body.byStatus)).toHaveLength(8);
  });
});

describe('compressed answers (staff on mobile networks)', () => {
  test('a page of persons goes gzip- or brotli-compressed to a client that accepts it, the same JSON once decoded; small answers and clients without it get it as is', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    for (let i = 0; i < 30; i += 1) await createProfile(db, a.owner.id, { name: `Persona ${i}`, createdAt: at(i) });
    const url = '/api/v1/profiles?limit=50';
    const plain = await app.inject({ method: 'GET', url, headers: a.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json<TListProfilesResponse>();
    expect(expected.items).toHaveLength(30);

    // What browsers send: gzip (as small as brotli on JSON at the level used, in half the time).
    const gzip = await app.inject({
      method: 'GET',
      url,
      headers: { ...a.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);

    const br = await app.inject({ method: 'GET', url, headers: { ...a.headers, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const small = await app.inject({
      method: 'GET',
      url: '/api/v1/profiles/counts',
      headers: { ...a.headers, 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
