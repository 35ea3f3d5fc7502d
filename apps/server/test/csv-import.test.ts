import { existsSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditEvents, creditLedger, csvJobs, owners, profiles, reports } from '../src/db/schema/index.ts';
import { commitBatch, LeaseLost } from '../src/domains/csv/batch.ts';
import { expireStaleUploads } from '../src/domains/csv/expiry.ts';
import { csvQueue } from '../src/domains/csv/csv-queue.ts';
import { JobRunner } from '../src/lib/jobs/index.ts';
import type { App } from '../src/app.ts';
import { fixture, upload } from './support/csv.ts';
import { signedIn } from './factories.ts';
import { createPipeline } from './support/profiles-fixtures.ts';
import { describe, expect, test } from './helper.ts';

const MAPPING = { documentId: 'Cédula', name: 'Nombre', phone: 'Teléfono', email: 'Correo' };

/**
 * A Spanish export of `rows` persons: every 10th has a bad email, every 25th a phone without its
 * country prefix, every 40th no name; every 50th is ragged. Returns the file and the lines expected to fail.
 */
function spreadsheet(rows: number) {
  const lines = ['Cédula;Nombre;Teléfono;Correo'];
  const failing = new Set<number>();
  for (let i = 0; i < rows; i++) {
    const line = i + 2;
    const doc = String(1_000_000_000 + i);
    const bad = i % 10 === 0 || i % 25 === 0 || i % 40 === 0 || i % 50 === 7;
    if (bad) failing.add(line);
    if (i % 50 === 7) {
      lines.push(`${doc};Ragged ${i}`);
      continue;
    }
    const email = i % 10 === 0 ? 'not-an-email' : `p${i}@example.test`;
    const phone = i % 25 === 0 ? '3001234567' : `+57300${String(1_000_000 + i)}`;
    const name = i % 40 === 0 ? '' : `Persona ${i}`;
    lines.push(`${doc};${name};${phone};${email}`);
  }
  return { body: `${lines.join('\r\n')}\r\n`, failing };
}

async function uploadAndStart(
  app: App,
  headers: Record<string, string>,
  body: Buffer | string,
  start: Record<string, unknown>,
) {
  const uploaded = await upload(app, headers, body);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { job } = uploaded.json();
  const started = await app.inject({
    method: 'POST',
    url: `/api/v1/csv/jobs/${job.id}/start`,
    headers,
    payload: start,
  });
  return { job, started };
}

const advanced = {
  country: 'co',
  mode: 'advanced',
  reportTypes: ['criminal_records', 'news_search'],
  mapping: MAPPING,
};

describe('CSV start: reports and column matching (SPEC §5)', () => {
  test('a required field left unmatched is "Missing fields", listed per field', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), {
      ...advanced,
      mapping: { name: 'Nombre' },
    });
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({
      code: 'csv_missing_fields',
      message: 'Missing fields.',
      issues: [
        {
          path: 'body.mapping.documentId',
          code: 'missing',
          key: 'csvImport.mapping.missing',
          message: 'Match this field to a column.',
        },
      ],
    });
  });

  test("a report's own inputs are required too (Sol needs the phone)", async ({ app }) => {
    const { headers } = await signedIn(app);
    const { started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), {
      ...advanced,
      reportTypes: ['employment_references'],
      mapping: { documentId: 'Cédula', name: 'Nombre' },
    });
    expect(started.statusCode).toBe(422);
    expect(started.json().issues.map((i: { path: string }) => i.path)).toEqual(['body.mapping.phone']);
  });

  test('one column for two fields is refused; so is a column the file does not have', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), {
      ...advanced,
      mapping: { documentId: 'Cédula', name: 'Cédula' },
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().issues).toContainEqual(
      expect.objectContaining({ key: 'csvImport.validation.duplicateColumn' }),
    );
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${job.id}/start`,
      headers,
      payload: { ...advanced, mapping: { ...MAPPING, name: 'Apellido' } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().issues).toEqual([
      {
        path: 'body.mapping.name',
        code: 'unknown_column',
        key: 'csvImport.mapping.unknown_column',
        message: 'The file has no such column.',
      },
    ]);
  });

  test('advanced mode needs at least one report; pipeline mode a pipeline of the same country', async ({ app }) => {
    const { headers, owner } = await signedIn(app);
    const { job, started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), {
      ...advanced,
      reportTypes: [],
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().issues).toContainEqual(
      expect.objectContaining({ key: 'csvImport.validation.reportsRequired' }),
    );
    const mx = await createPipeline(app.db, owner.id, { country: 'mx' });
    const wrongCountry = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${job.id}/start`,
      headers,
      payload: { country: 'co', mode: 'pipeline', pipelineId: mx.id, mapping: MAPPING },
    });
    expect(wrongCountry.statusCode).toBe(422);
    expect(wrongCountry.json().issues[0].code).toBe('country_mismatch');
  });

  test('a job starts once; the start is audited', async ({ app }) => {
    const { headers } = await signedIn(app);
    const { job, started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), advanced);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'queued',
      mode: 'advanced',
      country: 'co',
      reportTypes: ['criminal_records', 'news_search'],
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${job.id}/start`,
      headers,
      payload: advanced,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('csv_job_not_startable');
    const { n } = (
      await app.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'csv.start'), eq(auditEvents.entityId, job.id)))
    )[0]!;
    expect(n).toBe(1);
  });
});

describe('CSV import job', () => {
  test.override({ env: { CSV_BATCH_SIZE: '300' } });

  test('2,000 rows: exactly the valid ones become persons (created as csv) with their reports queued; failures per line', async ({
    app,
  }) => {
    const { headers, owner } = await signedIn(app);
    const { body, failing } = spreadsheet(2000);
    const progress: { processed: number; status: string }[] = [];
    app.events.subscribe((e) => {
      if (e.name === 'csv.progress') progress.push(e.payload as { processed: number; status: string });
    });
    const { job, started } = await uploadAndStart(app, headers, body, advanced);
    expect(started.statusCode, started.body).toBe(200);
    await app.csv.runner.drain();

    const detail = (await app.inject({ method: 'GET', url: `/api/v1/csv/jobs/${job.id}`, headers })).json();
    const valid = 2000 - failing.size;
    expect(detail).toMatchObject({
      status: 'completed',
      rowCount: 2000,
      processed: 2000,
      succeeded: valid,
      failed: failing.size,
      failuresTruncated: false,
    });
    expect(new Set(detail.failures.map((f: { line: number }) => f.line))).toEqual(failing);
    expect(detail.failures).toContainEqual({
      line: 2,
      field: 'email',
      code: 'invalid_email',
      message: 'Please enter a valid email address.',
    });
    expect(detail.failures).toContainEqual({ line: 9, field: null, code: 'column_count', message: expect.any(String) });
    expect(detail.failures).toContainEqual({
      line: 27,
      field: 'phone',
      code: 'invalid_phone',
      message: expect.any(String),
    });

    const people = await app.db.select().from(profiles).where(eq(profiles.ownerId, owner.id));
    expect(people).toHaveLength(valid);
    expect(new Set(people.map((p) => p.documentId)).size).toBe(valid);
    expect(people.every((p) => p.createdAs === 'csv' && p.status === 'PENDING' && p.country === 'co')).toBe(true);
    const one = people.find((p) => p.documentId === '1000000001')!;
    expect(one).toMatchObject({ name: 'Persona 1', email: 'p1@example.test', phone: '+573001000001' });
    const { n } = (
      await app.db
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.ownerId, owner.id), eq(reports.status, 'PENDING')))
    )[0]!;
    expect(n).toBe(valid * 2);
    // One audit row per person created, naming the job and the line.
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ownerId, owner.id), eq(auditEvents.action, 'profile.create')));
    expect(audits).toHaveLength(valid);
    expect(audits.find((a) => a.entityId === one.id)?.changes).toMatchObject({
      createdAs: 'csv',
      csvJobId: job.id,
      line: 3,
    });
    // The uploaded file is gone once the job is done.
    const [stored] = await app.db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    expect(existsSync(stored!.filePath!)).toBe(false);
    // Progress went out per batch and at the end.
    expect(progress.at(-1)).toMatchObject({ status: 'completed', processed: 2000 });
    expect(progress.filter((p) => p.status === 'processing').length).toBeGreaterThanOrEqual(7);

    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/csv/jobs/${job.id}/failures`,
      headers: { ...headers, 'accept-language': 'es' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('line,field,code,reason');
    expect(lines).toContain('2,email,invalid_email,Ingrese un correo electrónico válido.');
    expect(lines.length - 1).toBe(detail.failures.length);
  });

  test("pipeline mode: the pipeline's reports and the pipeline on each person", async ({ app }) => {
    const { headers, owner } = await signedIn(app);
    const pipeline = await createPipeline(app.db, owner.id, { country: 'co', reportTypes: ['criminal_records'] });
    const { started } = await uploadAndStart(app, headers, fixture('semicolon-1252.csv'), {
      country: 'co',
      mode: 'pipeline',
      pipelineId: pipeline.id,
      mapping: MAPPING,
    });
    expect(started.statusCode, started.body).toBe(200);
    await app.csv.runner.drain();
    const people = await app.db.select().from(profiles).where(eq(profiles.ownerId, owner.id));
    expect(people.map((p) => [p.name, p.pipelineId])).toEqual(
      expect.arrayContaining([
        ['José Peña', pipeline.id],
        ['María Ñúñez', pipeline.id],
      ]),
    );
    const types = await app.db.select({ type: reports.type }).from(reports).where(eq(reports.ownerId, owner.id));
    expect(types.map((t) => t.type)).toEqual(['criminal_records', 'criminal_records']);
  });

  test('a batch that breaks before its commit leaves nothing; the next run resumes there and duplicates nothing', async ({
    app,
  }) => {
    const { headers, owner } = await signedIn(app);
    const { body, failing } = spreadsheet(1000);
    const { job } = await uploadAndStart(app, headers, body, advanced);
    const crashing = new JobRunner(
      csvQueue({
        db: app.db,
        events: app.events,
        batchSize: 300,
        leaseMs: 60_000,
        pollMs: 50,
        beforeCommit: (_job, batch) => {
          if (batch === 2) throw new Error('power cut');
        },
      }),
    );
    await expect(crashing.runOnce()).rejects.toThrow('power cut');
    const [mid] = await app.db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    expect(mid).toMatchObject({ status: 'processing', committedRows: 600, processed: 600, lockedBy: null });
    const { n: persons } = (
      await app.db.select({ n: count() }).from(profiles).where(eq(profiles.ownerId, owner.id))
    )[0]!;
    const failingBefore = [...failing].filter((line) => line <= 601).length;
    expect(persons).toBe(600 - failingBefore);

    await app.csv.runner.drain();
    const [done] = await app.db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    expect(done).toMatchObject({
      status: 'completed',
      processed: 1000,
      succeeded: 1000 - failing.size,
      failed: failing.size,
      committedRows: 1000,
    });
    const people = await app.db
      .select({ documentId: profiles.documentId })
      .from(profiles)
      .where(eq(profiles.ownerId, owner.id));
    expect(people).toHaveLength(1000 - failing.size);
    expect(new Set(people.map((p) => p.documentId)).size).toBe(people.length);
    const { n: failureLines } = (
      await app.db
        .execute<{ n: number }>(
          sql`select count(distinct line)::int as n from csv_job_failure where job_id = ${job.id}`,
        )
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows)
    )[0]!;
    expect(failureLines).toBe(failing.size);
  });

  test('a batch commits only for the lease holder, and only from the resume point it started at', async ({ app }) => {
    const { headers, owner } = await signedIn(app);
    const { body } = spreadsheet(10);
    const { job } = await uploadAndStart(app, headers, body, advanced);
    const records = Array.from({ length: 3 }, (_, i) => ({
      line: i + 2,
      cells: [String(1_000_000_100 + i), `Persona ${i}`, `+57300${1_000_100 + i}`, `p${i}@example.test`],
    }));
    const plan = { country: 'co' as const, reportTypes: ['criminal_records' as const] };
    await app.db.update(csvJobs).set({ lockedBy: 'runner-b', status: 'processing' }).where(eq(csvJobs.id, job.id));
    const [row] = await app.db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    // A stalled runner whose lease went to runner-b.
    await expect(
      commitBatch(app.db, row!, { runnerId: 'runner-a', leaseMs: 1000, fromRow: 0, records, plan }),
    ).rejects.toThrow(LeaseLost);
    const { job: committed } = await commitBatch(app.db, row!, {
      runnerId: 'runner-b',
      leaseMs: 1000,
      fromRow: 0,
      records,
      plan,
    });
    expect(committed).toMatchObject({ committedRows: 3, succeeded: 3 });
    // The same batch again (a retry after an ambiguous commit): refused, nothing doubled.
    await expect(
      commitBatch(app.db, committed, { runnerId: 'runner-b', leaseMs: 1000, fromRow: 0, records, plan }),
    ).rejects.toThrow(LeaseLost);
    const { n } = (await app.db.select({ n: count() }).from(profiles).where(eq(profiles.ownerId, owner.id)))[0]!;
    expect(n).toBe(3);
  });
});

describe('CSV import on the free plan (credits)', () => {
  test('the start is refused without credits for every row; locked report types are refused', async ({ app }) => {
    const { headers } = await signedIn(app, ['analyst'], { plan: 'free', creditsAvailable: 3 });
    // 3 rows × (criminal_records + arrest_warrants) = 6 credits; the owner has 3.
    const { job, started } = await uploadAndStart(app, headers, fixture('comma-bom.csv'), {
      country: 'co',
      mode: 'advanced',
      reportTypes: ['criminal_records', 'arrest_warrants'],
      mapping: { documentId: 'documento', name: 'nombre' },
    });
    expect(started.statusCode).toBe(402);
    expect(started.json().code).toBe('insufficient_credits');
    const locked = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${job.id}/start`,
      headers,
      payload: {
        country: 'co',
        mode: 'advanced',
        reportTypes: ['news_search'],
        mapping: { documentId: 'documento', name: 'nombre' },
      },
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('report_type_locked');
  });

  test('each batch debits the reports it queued, with a ledger row each', async ({ app }) => {
    const { headers, owner } = await signedIn(app, ['analyst'], { plan: 'free', creditsAvailable: 10 });
    const { started } = await uploadAndStart(app, headers, fixture('comma-bom.csv'), {
      country: 'co',
      mode: 'advanced',
      reportTypes: ['criminal_records'],
      mapping: { documentId: 'documento', name: 'nombre' },
    });
    expect(started.statusCode, started.body).toBe(200);
    await app.csv.runner.drain();
    const [after] = await app.db
      .select({ credits: owners.creditsAvailable })
      .from(owners)
      .where(eq(owners.id, owner.id));
    expect(after!.credits).toBe(7);
    const debits = await app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.ownerId, owner.id), eq(creditLedger.kind, 'debit')));
    expect(debits).toHaveLength(3);
  });
});

describe('CSV uploads never started', () => {
  test('are removed with their file after the time-to-live; started and fresh ones stay', async ({ app, db }) => {
    const { headers } = await signedIn(app, ['manager']);
    const { body } = spreadsheet(3);
    const stale = (await upload(app, headers, body)).json().job;
    const { job: startedJob, started } = await uploadAndStart(app, headers, body, advanced);
    expect(started.statusCode, started.body).toBe(200);
    const fresh = (await upload(app, headers, body)).json().job;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db
      .update(csvJobs)
      .set({ createdAt: new Date(hourAgo.getTime() - 60_000) })
      .where(sql`${csvJobs.id} in (${stale.id}, ${startedJob.id})`);
    const [{ filePath }] = (await db
      .select({ filePath: csvJobs.filePath })
      .from(csvJobs)
      .where(eq(csvJobs.id, stale.id))) as [{ filePath: string }];
    expect(existsSync(filePath)).toBe(true);

    expect(await expireStaleUploads(db, hourAgo)).toBe(1);
    const left = await db.select({ id: csvJobs.id }).from(csvJobs);
    expect(left.map((j) => j.id).sort()).toEqual([startedJob.id, fresh.id].sort());
    expect(existsSync(filePath)).toBe(false);
    // The wizard, come back to the removed upload, gets a 404 rather than a broken job.
    const late = await app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${stale.id}/start`,
      headers,
      payload: advanced,
    });
    expect(late.statusCode).toBe(404);
    expect(await expireStaleUploads(db, hourAgo)).toBe(0);
  });
});
