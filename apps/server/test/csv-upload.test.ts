import { issueMessage } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import { auditEvents, csvJobs } from '../src/db/schema/index.ts';
import { createCsvJob, fixture, upload } from './support/csv.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

/** CSV import, step 1: what the upload detects in real-world files, and the files it refuses (SPEC §8). */
describe('CSV upload', () => {
  test('Excel in a Spanish locale: semicolons and Windows-1252 are detected, accents survive, columns auto-match', async ({
    app,
  }) => {
    const { headers, owner, user } = await signedIn(app);
    const response = await upload(app, headers, fixture('semicolon-1252.csv'), 'candidatos.csv');
    expect(response.statusCode, response.body).toBe(201);
    const { job, preview, suggestedMapping } = response.json();
    expect(job).toMatchObject({
      status: 'uploaded',
      delimiter: ';',
      encoding: 'windows-1252',
      rowCount: 2,
      fileName: 'candidatos.csv',
      mode: null,
    });
    expect(job.headers).toEqual(['Cédula', 'Nombre', 'Teléfono', 'Correo']);
    expect(preview[1]).toEqual({
      line: 3,
      cells: ['1020304051', 'María Ñúñez', '+573001234568', 'maria@example.test'],
    });
    expect(suggestedMapping).toEqual({ documentId: 'Cédula', name: 'Nombre', phone: 'Teléfono', email: 'Correo' });
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'csv.upload'), eq(auditEvents.entityId, job.id)));
    expect(event).toMatchObject({ ownerId: owner.id, actorUserId: user.id });
  });

  test('UTF-8 with a BOM: the BOM is not part of the first header', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, suggestedMapping } = (await upload(app, headers, fixture('comma-bom.csv'))).json();
    expect(job).toMatchObject({
      delimiter: ',',
      encoding: 'utf-8-bom',
      rowCount: 3,
      headers: ['documento', 'nombre', 'correo'],
    });
    expect(suggestedMapping).toEqual({ documentId: 'documento', name: 'nombre', email: 'correo' });
  });

  test('tabs, UTF-8 without BOM, English headers', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, suggestedMapping } = (await upload(app, headers, fixture('tab.csv'))).json();
    expect(job).toMatchObject({ delimiter: '\t', encoding: 'utf-8', rowCount: 1 });
    expect(suggestedMapping).toEqual({ documentId: 'document', name: 'name', phone: 'phone' });
  });

  test('a quoted field may hold the delimiter and a newline; lines are counted in the file', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, preview } = (await upload(app, headers, fixture('quoted-newline.csv'))).json();
    expect(job.rowCount).toBe(2);
    expect(preview).toEqual([
      { line: 2, cells: ['1020304050', 'Gómez; Ana', 'Bogotá\nD.C.'] },
      { line: 4, cells: ['1020304051', 'Luis', 'Cali'] },
    ]);
  });

  test('blank lines are skipped', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, preview } = (await upload(app, headers, fixture('empty-lines.csv'))).json();
    expect(job.rowCount).toBe(2);
    expect(preview.map((r: { line: number }) => r.line)).toEqual([3, 6]);
  });

  test.for([
    ['duplicate-headers.csv', 'duplicate_column_name', 1],
    ['empty-header.csv', 'empty_column_name', 1],
    ['header-only.csv', 'no_rows', 1],
    ['binary.csv', 'binary', 0],
    ['unclosed-quote.csv', 'unparsable', 3],
  ] as const)(
    '%s: "CSV file could not be processed" with the reason %s and line %i',
    async ([file, reason, line], { app }) => {
      const { headers, owner } = await signedIn(app);
      const response = await upload(app, headers, fixture(file));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        code: 'csv_unprocessable',
        message: 'CSV file could not be processed.',
        issues: [
          {
            path: `line.${line}`,
            code: reason,
            key: `csvImport.problems.${reason}`,
            message: issueMessage(`csvImport.problems.${reason}`, 'en'),
          },
        ],
      });
      expect(await app.db.select().from(csvJobs).where(eq(csvJobs.ownerId, owner.id))).toEqual([]);
    },
  );

  test('an empty body is refused', async ({ app }) => {
    const { headers } = await signedIn(app);
    const response = await upload(app, headers, '');
    expect(response.statusCode).toBe(422);
    expect(response.json().issues[0].code).toBe('empty');
  });

  describe('with a row limit of 5', () => {
    test.override({ env: { CSV_ROW_LIMIT: '5' } });

    test('one row over the limit: "You can process up to 5 rows per CSV file", in the caller\'s language', async ({
      app,
    }) => {
      const { headers } = await signedIn(app);
      const en = await upload(app, headers, fixture('six-rows.csv'));
      expect(en.statusCode).toBe(422);
      expect(en.json()).toEqual({ code: 'csv_row_limit', message: 'You can process up to 5 rows per CSV file.' });
      const es = await upload(app, headers, fixture('six-rows.csv'), 'x.csv', { 'accept-language': 'es' });
      expect(es.json().message).toBe('Puede procesar hasta 5 filas por archivo CSV.');
      const settings = await app.inject({ method: 'GET', url: '/api/v1/csv/settings', headers });
      expect(settings.json()).toMatchObject({ rowLimit: 5 });
    });

    test('exactly at the limit is accepted', async ({ app }) => {
      const { headers } = await signedIn(app);
      const body = fixture('six-rows.csv').toString().split('\n').slice(0, 6).join('\n');
      const response = await upload(app, headers, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().job.rowCount).toBe(5);
    });
  });

  describe('with a 2 KiB size limit', () => {
    test.override({ env: { CSV_MAX_BYTES: '2048' } });
    test('a larger file is refused as too large (413) and not stored', async ({ app }) => {
      const { headers } = await signedIn(app);
      const body = `documento,nombre\n${'1020304050,Ana Gómez\n'.repeat(200)}`;
      const response = await upload(app, headers, body);
      expect(response.statusCode).toBe(413);
      expect(response.json().issues[0].code).toBe('too_large');
    });
  });

  test('JSON is not a file: 415', async ({ app }) => {
    const { headers } = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/csv/jobs?fileName=a.csv',
      headers,
      payload: { a: 1 },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  test("another owner's job is 404 on every route; the list shows only the caller's jobs", async ({ app }) => {
    const me = await signedIn(app);
    const other = await signedIn(app);
    const theirs = await createCsvJob(app.db, other.owner.id);
    const mine = (await upload(app, me.headers, fixture('comma-bom.csv'))).json().job;
    for (const [method, url] of [
      ['GET', `/api/v1/csv/jobs/${theirs.id}`],
      ['GET', `/api/v1/csv/jobs/${theirs.id}/failures`],
      ['POST', `/api/v1/csv/jobs/${theirs.id}/start`],
    ] as const) {
      const body =
        method === 'POST'
          ? {
              country: 'co',
              mode: 'advanced',
              reportTypes: ['criminal_records'],
              mapping: { name: 'nombre', documentId: 'documento' },
            }
          : undefined;
      const response = await app.inject({ method, url, headers: me.headers, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await app.inject({ method: 'GET', url: '/api/v1/csv/jobs', headers: me.headers })).json();
    expect(list.items.map((j: { id: string }) => j.id)).toEqual([mine.id]);
  });

  test('a viewer may not upload', async ({ app }) => {
    const { headers } = await signedIn(app, ['viewer']);
    expect((await upload(app, headers, fixture('comma-bom.csv'))).statusCode).toBe(403);
  });
});
