import { and, eq } from 'drizzle-orm';
import { auditEvents, profiles, reports } from '../src/db/schema/index.ts';
import type { App } from '../src/app.ts';
import { createOwner, createProfile, signedIn } from './factories.ts';
import { upload } from './support/csv.ts';
import { describe, expect, test } from './helper.ts';

/** Re-importing a file must not silently create the same persons again. */

const CHOICES = {
  country: 'co',
  mode: 'advanced',
  reportTypes: ['news_search'],
  mapping: { documentId: 'Cédula', name: 'Nombre', phone: 'Teléfono', email: 'Correo' },
};

const file = (rows: string[]) => `Cédula;Nombre;Teléfono;Correo\r\n${rows.join('\r\n')}\r\n`;

async function uploaded(app: App, headers: Record<string, string>, body: string) {
  const response = await upload(app, headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().job.id as string;
}

const check = (app: App, headers: Record<string, string>, id: string, payload: object = CHOICES) =>
  app.inject({ method: 'POST', url: `/api/v1/csv/jobs/${id}/duplicates`, headers, payload });

async function importFile(app: App, headers: Record<string, string>, body: string, extra: object = {}) {
  const id = await uploaded(app, headers, body);
  const started = await app.inject({
    method: 'POST',
    url: `/api/v1/csv/jobs/${id}/start`,
    headers,
    payload: { ...CHOICES, ...extra },
  });
  expect(started.statusCode, started.body).toBe(200);
  await app.csv.runner.drain();
  return (await app.inject({ method: 'GET', url: `/api/v1/csv/jobs/${id}`, headers })).json();
}

const personsOf = (app: App, ownerId: string) =>
  app.db.select().from(profiles).where(eq(profiles.ownerId, ownerId)).orderBy(profiles.createdAt);

describe('CSV duplicates check', () => {
  test("flags rows whose document is one of the owner's persons, and rows repeating an earlier one", async ({
    app,
  }) => {
    const { headers, owner } = await signedIn(app);
    const ana = await createProfile(app.db, owner.id, { documentId: '1020304050', name: 'Ana Existente' });
    // The same number in another country, or as another document type: other documents.
    await createProfile(app.db, owner.id, { documentId: '2030405060', country: 'mx' });
    await createProfile(app.db, owner.id, { documentId: '3040506070', documentType: 'passport' });
    const id = await uploaded(
      app,
      headers,
      file([
        '1020304050;Ana Nueva;;', // line 2: Ana's document
        '2030405060;Pedro;;', // 3: only in Mexico
        '3040506070;Luisa;;', // 4: only as a passport
        '4050607080;Juan;;', // 5: new
        '4050607080;Juan otra vez;;', // 6: repeats line 5
        '1020304050;Ana tercera;;', // 7: Ana's again (and line 2's)
        '5060708090;;;', // 8: no name — fails, never a duplicate
        '5060708090;Sin nombre antes;;', // 9: the first valid row with it
      ]),
    );
    const response = await check(app, headers, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      existing: 2,
      repeated: 1,
      rowsTruncated: false,
      rows: [
        {
          line: 2,
          documentType: 'national_id',
          documentId: '1020304050',
          person: { id: ana.id, name: 'Ana Existente' },
          sameAsLine: null,
        },
        {
          line: 6,
          documentType: 'national_id',
          documentId: '4050607080',
          person: null,
          sameAsLine: 5,
        },
        {
          line: 7,
          documentType: 'national_id',
          documentId: '1020304050',
          person: { id: ana.id, name: 'Ana Existente' },
          sameAsLine: 2,
        },
      ],
    });
  });

  test("never looks at another owner's persons, nor answers for another owner's job", async ({ app }) => {
    const { headers } = await signedIn(app);
    const other = await createOwner(app.db);
    await createProfile(app.db, other.id, { documentId: '1020304050', name: 'De otro cliente' });
    const id = await uploaded(app, headers, file(['1020304050;Ana;;']));
    const response = await check(app, headers, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ existing: 0, repeated: 0, rows: [], rowsTruncated: false });

    const theirs = await signedIn(app);
    const foreign = await check(app, theirs.headers, id);
    expect(foreign.statusCode).toBe(404);
  });

  test('checks the choices as the start does, in the caller’s language', async ({ app }) => {
    const { headers } = await signedIn(app);
    const id = await uploaded(app, headers, file(['1020304050;Ana;;']));
    const response = await check(app, { ...headers, 'accept-language': 'es' }, id, {
      ...CHOICES,
      mapping: { name: 'Nombre' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'csv_missing_fields',
      message: expect.any(String),
      issues: [expect.objectContaining({ path: 'body.mapping.documentId', code: 'missing' })],
    });
    expect(response.json().message).not.toBe('Missing fields.');
  });
});

describe('CSV import with duplicates', () => {
  // Two rows a batch: a row and its repeat in the same batch, an existing person's row and another repeat
  // in the next one (prepared while the first may still be committing).
  test.override({ env: { CSV_BATCH_SIZE: '2' } });

  const rows = [
    '4050607080;Juan;;juan@example.test', // line 2: new
    '4050607080;Juan Segundo;+57 300 444 5566;', // 3: repeats line 2
    '1020304050;Ana Actualizada;+57 300 111 2233;', // 4: Ana's document, a new phone, no email
    '4050607080;Juan Tercero;;', // 5: repeats line 2 again
  ];

  async function withAna(app: App) {
    const session = await signedIn(app);
    const ana = await createProfile(app.db, session.owner.id, {
      documentId: '1020304050',
      name: 'Ana Existente',
      email: 'ana@example.test',
      phone: '+573009998877',
    });
    return { ...session, ana };
  }

  test('skip (the default): no person for an existing or repeated document; counted as skipped', async ({ app }) => {
    const { headers, owner, ana } = await withAna(app);
    const job = await importFile(app, headers, file(rows));
    expect(job).toMatchObject({
      status: 'completed',
      duplicates: 'skip',
      processed: 4,
      succeeded: 1,
      failed: 0,
      skipped: 3,
      updated: 0,
    });
    expect(job.failures).toEqual([]);
    const people = await personsOf(app, owner.id);
    expect(people.map((p) => [p.documentId, p.name])).toEqual([
      ['1020304050', 'Ana Existente'],
      ['4050607080', 'Juan'],
    ]);
    expect(job.skipped + job.succeeded + job.failed).toBe(job.processed);
    expect(people[0]).toMatchObject({ id: ana.id, phone: '+573009998877' });
    // Reports (and credits) only for the person created.
    const queued = await app.db.select().from(reports).where(eq(reports.ownerId, owner.id));
    expect(queued.map((r) => r.profileId)).toEqual([people[1]!.id]);
  });

  test("update: the existing person takes the row's values (blank cells keep theirs); a repeat updates the first row's person", async ({
    app,
  }) => {
    const { headers, owner, ana } = await withAna(app);
    const job = await importFile(app, headers, file(rows), { duplicates: 'update' });
    expect(job).toMatchObject({ status: 'completed', duplicates: 'update', succeeded: 1, skipped: 0, updated: 3 });
    const people = await personsOf(app, owner.id);
    expect(people).toHaveLength(2);
    expect(people[0]).toMatchObject({
      id: ana.id,
      name: 'Ana Actualizada',
      phone: '+573001112233',
      email: 'ana@example.test',
      createdAs: 'dashboard',
    });
    expect(people[1]).toMatchObject({
      documentId: '4050607080',
      name: 'Juan Tercero',
      phone: '+573004445566',
      email: 'juan@example.test',
    });
    const queued = await app.db.select().from(reports).where(eq(reports.ownerId, owner.id));
    expect(queued.map((r) => r.profileId)).toEqual([people[1]!.id]);
    const updates = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ownerId, owner.id), eq(auditEvents.action, 'profile.update')));
    expect(updates.map((a) => [a.entityId, (a.changes as { line: number }).line]).sort()).toEqual(
      [
        [ana.id, 4],
        [people[1]!.id, 3],
        [people[1]!.id, 5],
      ].sort(),
    );
  });

  test('create: every valid row is a new person, as before', async ({ app }) => {
    const { headers, owner } = await withAna(app);
    const job = await importFile(app, headers, file(rows), { duplicates: 'create' });
    expect(job).toMatchObject({ status: 'completed', succeeded: 4, skipped: 0, updated: 0 });
    const people = await personsOf(app, owner.id);
    expect(people.map((p) => p.documentId).sort()).toEqual([
      '1020304050',
      '1020304050',
      '4050607080',
      '4050607080',
      '4050607080',
    ]);
  });

  test("another owner's person with the same document is no duplicate", async ({ app }) => {
    const { headers, owner } = await signedIn(app);
    const other = await createOwner(app.db);
    const theirs = await createProfile(app.db, other.id, { documentId: '1020304050', name: 'De otro cliente' });
    const job = await importFile(app, headers, file([rows[2]!]), { duplicates: 'update' });
    expect(job).toMatchObject({ succeeded: 1, updated: 0, skipped: 0 });
    expect(await personsOf(app, owner.id)).toHaveLength(1);
    const [untouched] = await app.db.select().from(profiles).where(eq(profiles.id, theirs.id));
    expect(untouched).toMatchObject({ name: 'De otro cliente' });
  });

  test('the job resolves duplicates when it runs: a person added after the check is skipped', async ({ app }) => {
    const { headers, owner } = await signedIn(app);
    const id = await uploaded(app, headers, file([rows[2]!]));
    expect((await check(app, headers, id)).json()).toMatchObject({ existing: 0 });
    await createProfile(app.db, owner.id, { documentId: '1020304050', name: 'Ana Existente' });
    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${id}/start`,
      headers,
      payload: CHOICES,
    });
    expect(started.statusCode, started.body).toBe(200);
    await app.csv.runner.drain();
    const job = (await app.inject({ method: 'GET', url: `/api/v1/csv/jobs/${id}`, headers })).json();
    expect(job).toMatchObject({ succeeded: 0, skipped: 1 });
    expect(await personsOf(app, owner.id)).toHaveLength(1);
  });
});

describe('CSV duplicates on the free plan', () => {
  test('skipped duplicates cost nothing: the start needs credits only for the rows it creates', async ({ app }) => {
    // criminal_records costs 1 credit: 3 rows, 2 of them duplicates, and 1 credit.
    const { headers, owner } = await signedIn(app, ['analyst'], { plan: 'free', creditsAvailable: 1 });
    await createProfile(app.db, owner.id, { documentId: '1020304050' });
    const body = file(['1020304050;Ana;;', '4050607080;Juan;;', '4050607080;Juan;;']);
    const payload = { ...CHOICES, reportTypes: ['criminal_records'] };
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${await uploaded(app, headers, body)}/start`,
      headers,
      payload: { ...payload, duplicates: 'create' },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credits' });
    const job = await importFile(app, headers, body, payload);
    expect(job).toMatchObject({ status: 'completed', succeeded: 1, skipped: 2 });
  });
});
