import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditEvents, pipelines, profiles, reports } from '../src/db/schema/index.ts';
import type { DomainEvent } from '../src/kernel/index.ts';
import { neutralizeCell } from '../src/domains/profiles/export-format.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createReport } from './support/profiles-fixtures.ts';

describe('POST /api/v1/profiles/delete', () => {
  test('deletes the picked ids with their reports, one audit row each, one event', async ({ app, db }) => {
    const a = await signedIn(app);
    const [p1, p2, keep] = [
      await createProfile(db, a.owner.id),
      await createProfile(db, a.owner.id),
      await createProfile(db, a.owner.id),
    ];
    const report = await createReport(db, a.owner.id, { profileId: p1!.id });
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${p1!.id}`,
      headers: a.headers,
      payload: { observations: 'Lives at 5th street' },
    });
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: a.headers,
      payload: { ids: [p1!.id, p2!.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().deleted).toBe(2);
    expect((await db.select().from(profiles).where(eq(profiles.ownerId, a.owner.id))).map((p) => p.id)).toEqual([
      keep!.id,
    ]);
    expect(await db.select().from(reports).where(eq(reports.id, report.id))).toEqual([]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, [p1!.id, p2!.id]));
    expect(audit.map((r) => r.action).sort()).toEqual(['profile.delete', 'profile.delete', 'profile.update']);
    expect(JSON.stringify(audit)).not.toContain('5th street');
    // Personal data goes with the rows: the audit keeps no name or document.
    expect(JSON.stringify(audit)).not.toContain(p1!.name);
    expect(JSON.stringify(audit)).not.toContain(p1!.documentId);
    expect(events).toEqual([
      { name: 'profiles.deleted', ownerId: a.owner.id, payload: { ids: expect.arrayContaining([p1!.id, p2!.id]) } },
    ]);
  });

  test("deletes everything a filter matches, in the caller's owner only", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    await createProfile(db, a.owner.id, { status: 'FAILED' });
    const kept = await createProfile(db, a.owner.id, { status: 'PASSED' });
    const theirs = await createProfile(db, b.owner.id, { status: 'FAILED' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: a.headers,
      payload: { filter: { status: ['FAILED'] } },
    });
    expect(response.json().deleted).toBe(1);
    expect((await db.select().from(profiles).where(eq(profiles.ownerId, a.owner.id))).map((p) => p.id)).toEqual([
      kept.id,
    ]);
    expect(await db.select().from(profiles).where(eq(profiles.id, theirs.id))).toHaveLength(1);
  });

  test("another owner's id answers 404 and nothing is deleted; needs profiles:delete", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const mine = await createProfile(db, a.owner.id);
    const theirs = await createProfile(db, b.owner.id);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: a.headers,
      payload: { ids: [mine.id, theirs.id] },
    });
    expect(response.statusCode).toBe(404);
    expect(
      await db
        .select()
        .from(profiles)
        .where(inArray(profiles.id, [mine.id, theirs.id])),
    ).toHaveLength(2);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/profiles/delete',
          headers: viewer.headers,
          payload: { ids: [mine.id] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/profiles/delete', headers: a.headers, payload: { ids: [] } }))
        .statusCode,
    ).toBe(400);
  });
});

const HOSTILE = ['=HYPERLINK("http://evil")', '+cmd', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];

async function exportAs(app: Parameters<typeof signedIn>[0], headers: Record<string, string>, payload: object) {
  return app.inject({ method: 'POST', url: '/api/v1/profiles/export', headers, payload });
}

describe('POST /api/v1/profiles/export', () => {
  test('neutralizeCell prefixes an apostrophe to = + - @ tab CR, nothing else', () => {
    for (const value of HOSTILE) expect(neutralizeCell(value)).toBe(`'${value}`);
    for (const value of ['Ana', ' =x', '', "'quoted"]) expect(neutralizeCell(value)).toBe(value);
  });

  test("CSV: the filter's rows, formula cells neutralised, audited", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    for (const [i, name] of HOSTILE.entries())
      await createProfile(db, a.owner.id, { name, observations: `=obs${i}`, status: 'PASSED' });
    await createProfile(db, a.owner.id, { name: 'Not exported', status: 'FAILED' });
    await createProfile(db, b.owner.id, { name: 'Tenant B secret', status: 'PASSED' });
    const response = await exportAs(app, a.headers, { format: 'csv', filter: { status: ['PASSED'] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="profiles-\d{12}\.csv"$/);
    const text = response.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toMatch(/^ID,Name,Country,/);
    // CSV doubles quotes inside a quoted field.
    for (const value of HOSTILE) expect(text).toContain(`'${value.replaceAll('"', '""')}`);
    expect(text).toContain("'=obs0");
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);
    expect(text).not.toContain('Not exported');
    expect(text).not.toContain('Tenant B secret');
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'profiles.export'));
    expect(audit).toMatchObject({
      ownerId: a.owner.id,
      actorUserId: a.user.id,
      changes: { format: 'csv', rows: HOSTILE.length },
    });
  });

  test('CSV of ticked rows (written at once) is byte for byte the streamed CSV of the same rows; audited with the ids', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const ids: string[] = [];
    for (const name of HOSTILE)
      ids.push((await createProfile(db, a.owner.id, { name, observations: '=sum(A1)', status: 'PASSED' })).id);
    await createProfile(db, a.owner.id, { name: 'Not ticked', status: 'FAILED' });
    const streamed = await exportAs(app, a.headers, { format: 'csv', filter: { status: ['PASSED'] } });
    const ticked = await exportAs(app, a.headers, { format: 'csv', ids: [...ids].reverse() });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.headers['content-type']).toContain('text/csv');
    expect(ticked.rawPayload.equals(streamed.rawPayload)).toBe(true);
    expect(ticked.body).not.toContain('Not ticked');
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, 'profiles.export'));
    expect(audits.map((r) => r.changes)).toContainEqual({ format: 'csv', rows: ids.length, ids: ids.length });
  });

  test('XLSX: parses back with exceljs, formula cells neutralised, every row there', async ({ app, db }) => {
    const a = await signedIn(app);
    const ids: string[] = [];
    for (const name of HOSTILE) ids.push((await createProfile(db, a.owner.id, { name })).id);
    const response = await exportAs(app, a.headers, { format: 'xlsx', ids });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(HOSTILE.length + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    const names: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(row.getCell(2).value);
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
    });
    // XML reads a lone CR back as LF; what matters is the leading apostrophe.
    expect(names.sort()).toEqual(HOSTILE.map((v) => `'${v.replace('\r', '\n')}`).sort());
  });

  test("in the reader's language and time zone: words, not codes, and the codes as extra columns", async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const [pipeline] = await db
      .insert(pipelines)
      .values({ ownerId: a.owner.id, name: 'Conductores', country: 'mx', reportTypes: ['criminal_records'] })
      .returning();
    const person = await createProfile(db, a.owner.id, {
      name: '=Ana',
      country: 'mx',
      documentType: 'national_id',
      status: 'PASSED',
      outcome: 'approved',
      manuallyReviewed: true,
      pipelineId: pipeline!.id,
      createdAt: new Date('2026-12-01T03:30:00Z'),
    });
    const expected = {
      en: [
        'ID,Name,Country,Document type',
        'Mexico',
        // The Mexican national document is the CURP, in every language.
        'CURP',
        'Passed',
        'Conductores',
        'Approved',
        '11/30/26, 9:30 PM',
      ],
      es: [
        'ID,Nombre,País,Tipo de documento',
        'México',
        'CURP',
        'Aprobado',
        'Conductores',
        'Aprobado',
        '30/11/26, 21:30',
      ],
      'pt-BR': [
        'ID,Nome,País,Tipo de documento',
        'México',
        'CURP',
        'Aprovado',
        'Conductores',
        'Aprovado',
        '30/11/2026, 21:30',
      ],
    };
    for (const [language, words] of Object.entries(expected)) {
      const response = await exportAs(
        app,
        { ...a.headers, 'accept-language': language },
        { format: 'csv', ids: [person.id], tz: 'America/Mexico_City' },
      );
      expect(response.statusCode, response.body).toBe(200);
      const [header, row] = response.body
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .map((line) => line.replace(/\u202f/g, ' '));
      expect(header).toContain(words[0]);
      expect(header).toMatch(/,status_code,document_type_code,country_code,pipeline_id,created_at_utc$/);
      for (const word of words.slice(1)) expect(row).toContain(word);
      expect(row).toContain(`,PASSED,national_id,mx,${pipeline!.id},2026-12-01T03:30:00.000Z`);
      expect(row).toContain("'=Ana");
    }
  });

  test("exporting another owner's ids is a 404 and leaks nothing; needs profiles:export", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const theirs = await createProfile(db, b.owner.id, { name: 'Tenant B secret' });
    const response = await exportAs(app, a.headers, { format: 'csv', ids: [theirs.id] });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Tenant B secret');
    expect((await exportAs(app, viewer.headers, { format: 'csv', filter: {} })).statusCode).toBe(403);
    expect((await exportAs(app, a.headers, { format: 'pdf', filter: {} })).statusCode).toBe(400);
  });

  test('streams more rows than one batch', async ({ app, db }) => {
    const a = await signedIn(app);
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      ownerId: a.owner.id,
      country: 'co' as const,
      documentId: String(10_000_000 + i),
      name: `P${i}`,
    }));
    await db.insert(profiles).values(rows);
    const response = await exportAs(app, a.headers, { format: 'csv', filter: {} });
    expect(response.body.trim().split('\n')).toHaveLength(1204);
  });
});
