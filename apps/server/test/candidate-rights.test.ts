import {
  CORRECTION_DEADLINE_DAYS,
  type TCandidateLink,
  type TCandidatePage,
  type TListPrivacyRequestsResponse,
  type TPrivacyRequest,
  type TUpload,
} from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import {
  auditEvents,
  creditLedger,
  owners,
  privacyRequests,
  profiles,
  referenceChecks,
  reports,
} from '../src/db/schema/index.ts';
import { expireExports } from '../src/domains/candidate/export-expiry.ts';
import { expiredBy } from '../src/domains/retention/expiry.ts';
import { storageFor } from '../src/domains/uploads/storage.ts';
import { bearer, createUser, login, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { candidateAnswers } from './support/forms.ts';
import { multipart, PNG } from './support/multipart.ts';
import { staff } from './support/management.ts';
import { createPipeline, createReport } from './support/profiles-fixtures.ts';

const DAY = 86_400_000;

/** An owner with a manager, a reviewing analyst and a viewer, and a form link a candidate fills. */
async function owner(app: App) {
  const m = await signedIn(app, ['manager'], { name: 'Transportes Andinos S.A.S.' });
  const as = async (role: 'analyst' | 'viewer') => {
    const user = await createUser(app.db, { ownerId: m.owner.id, roles: [role] });
    return bearer((await login(app, user.username)).token);
  };
  const pipeline = await createPipeline(app.db, m.owner.id, { name: 'Ingreso', reportTypes: ['criminal_records'] });
  const link = await app.inject({
    method: 'POST',
    url: '/api/v1/forms',
    headers: m.headers,
    payload: { pipelineId: pipeline.id, expiresAt: new Date(Date.now() + DAY).toISOString() },
  });
  expect(link.statusCode, link.body).toBe(201);
  return {
    ...m,
    analyst: await as('analyst'),
    viewer: await as('viewer'),
    formCode: link.json<{ code: string }>().code,
  };
}

/** A candidate fills the form in Spanish: the answer names their own page. */
async function submitted(app: App, formCode: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/public/forms/${formCode}`,
    payload: candidateAnswers(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const path = response.json<{ candidatePath?: string }>().candidatePath;
  expect(path).toMatch(/^\/es\/candidate\/[a-z2-9]{20}$/);
  const code = path!.split('/').at(-1)!;
  const [person] = await app.db.select().from(profiles).where(eq(profiles.name, 'Lucía Pérez'));
  return { code, profileId: person!.id };
}

const page = (app: App, code: string) => app.inject({ method: 'GET', url: `/api/v1/public/candidate/${code}` });
const pageOf = async (app: App, code: string) => {
  const response = await page(app, code);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCandidatePage>();
};

describe("the candidate's own page", () => {
  test('the form answer leads to a page with the state of the check, never its findings', async ({ app }) => {
    const o = await owner(app);
    const { code } = await submitted(app, o.formCode);
    const before = await pageOf(app, code);
    expect(before).toMatchObject({
      company: 'Transportes Andinos S.A.S.',
      name: 'Lucía Pérez',
      country: 'co',
      state: 'received',
      consentWithdrawnAt: null,
      requests: [],
    });
    await app.reports.drain();
    const after = await pageOf(app, code);
    expect(['in_progress', 'complete']).toContain(after.state);
    // Nothing beyond the contract: no statuses, reports or findings unless the owner shows them.
    expect(Object.keys(after).sort()).toEqual(
      [
        'company',
        'consentWithdrawnAt',
        // The owner's term for answering a correction, which the page's hint states.
        'correctionDeadlineDays',
        'country',
        'name',
        'reports',
        'requests',
        'state',
        'uploads',
      ].sort(),
    );
    expect(after.reports).toBeNull();
    expect(JSON.stringify(after)).not.toMatch(/finding|criminal|PASSED|FAILED|PENDING/);
  });

  test('an owner who shows findings: the finished reports reach the page, a ruled-out homonym does not', async ({
    app,
    db,
  }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    const admin = await staff(app, 'admin');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${o.owner.id}`,
      headers: admin.headers,
      payload: { candidateFindingsVisible: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ candidateFindingsVisible: true });
    // Nothing has answered yet: an empty list, not null.
    expect((await pageOf(app, code)).reports).toEqual([]);
    const finding = (matchedBy: 'id' | 'name', summary: string) => ({
      kind: 'criminal_record',
      matchedBy,
      severity: 'adverse' as const,
      summary,
      source: 'Policía Nacional',
      date: '2019-03-04',
      record: { internalRef: 'PN-77' },
    });
    await db
      .update(reports)
      .set({
        status: 'PENDING_MANUAL_REVIEW',
        completedAt: new Date(),
        findings: [finding('id', 'Hurto simple'), finding('name', 'Homónimo posible')],
      })
      .where(eq(reports.profileId, profileId));
    // A report still running, and one stopped, say nothing.
    await createReport(db, o.owner.id, { profileId, type: 'news_search', status: 'PENDING' });
    await createReport(db, o.owner.id, { profileId, type: 'judicial_records', status: 'ERROR' });
    const shown = (await pageOf(app, code)).reports!;
    expect(shown.map((r) => r.type)).toEqual(['criminal_records']);
    expect(shown[0]!.findings).toEqual([
      {
        matchedBy: 'id',
        severity: 'adverse',
        summary: 'Hurto simple',
        source: 'Policía Nacional',
        date: '2019-03-04',
        crimeCategory: null,
        sentencingStatus: null,
        note: false,
      },
      expect.objectContaining({ matchedBy: 'name', summary: 'Homónimo posible' }),
    ]);
    expect(JSON.stringify(shown)).not.toContain('PN-77');
    await db.update(profiles).set({ confirmedHomonym: true }).where(eq(profiles.id, profileId));
    expect((await pageOf(app, code)).reports![0]!.findings.map((f) => f.summary)).toEqual(['Hurto simple']);
  });

  test('showing findings is off by default, changed on the owner by platform staff only, and audited', async ({
    app,
    db,
  }) => {
    const o = await owner(app);
    const { code } = await submitted(app, o.formCode);
    const [row] = await db.select().from(owners).where(eq(owners.id, o.owner.id));
    expect(row!.candidateFindingsVisible).toBe(false);
    expect((await pageOf(app, code)).reports).toBeNull();
    // The owner's own manager cannot turn it on; platform staff can, and the change is in the audit log.
    const byManager = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${o.owner.id}`,
      headers: o.headers,
      payload: { candidateFindingsVisible: true },
    });
    expect(byManager.statusCode).toBe(403);
    const admin = await staff(app, 'admin');
    for (const visible of [true, false]) {
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/v1/owners/${o.owner.id}`,
        headers: admin.headers,
        payload: { candidateFindingsVisible: visible },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await pageOf(app, code)).reports).toEqual(visible ? [] : null);
    }
    const trail = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, o.owner.id), eq(auditEvents.action, 'owner.update')));
    expect(trail.map((t) => t.changes)).toEqual([
      { candidateFindingsVisible: true },
      { candidateFindingsVisible: false },
    ]);
  });

  test('an unknown or malformed code answers 404 in the caller’s language', async ({ app }) => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/public/candidate/abcdefghjkmnpqrstuvw',
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'No se pudo encontrar esta página' });
    expect((await page(app, 'DROP%20TABLE')).statusCode).toBe(404);
  });

  test('a correction with a document becomes a reviewer’s task with a deadline; the answer reaches the candidate', async ({
    app,
    db,
  }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    const file = multipart({ name: 'certificado.png', body: PNG, type: 'image/png' });
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/public/candidate/${code}/uploads`,
      ...file,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const upload = uploaded.json<TUpload>();
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/public/candidate/${code}/corrections`,
      payload: { message: 'Mi fecha de nacimiento es 1990-04-12, no 1990-12-04.', uploadId: upload.id },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<TPrivacyRequest>();
    expect(request).toMatchObject({
      kind: 'correction',
      status: 'open',
      upload: { id: upload.id, fileName: 'certificado.png' },
    });
    expect(Date.parse(request.dueAt) - Date.parse(request.createdAt)).toBe(CORRECTION_DEADLINE_DAYS * DAY);
    // The same document cannot be attached twice, nor another person's.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/public/candidate/${code}/corrections`,
      payload: { message: 'Otra vez', uploadId: upload.id },
    });
    expect(again.statusCode).toBe(422);

    // Staff see the task on the person; a viewer may read it but not answer it.
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${profileId}/privacy-requests`,
      headers: o.viewer,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<TListPrivacyRequestsResponse>().items.map((r) => r.id)).toEqual([request.id]);
    const resolveUrl = `/api/v1/privacy-requests/${request.id}/resolve`;
    const answer = { resolution: 'Corregimos la fecha de nacimiento: 1990-04-12.' };
    expect((await app.inject({ method: 'POST', url: resolveUrl, headers: o.viewer, payload: answer })).statusCode).toBe(
      403,
    );
    const stranger = await signedIn(app, ['manager']);
    expect(
      (await app.inject({ method: 'POST', url: resolveUrl, headers: stranger.headers, payload: answer })).statusCode,
    ).toBe(404);
    const resolved = await app.inject({ method: 'POST', url: resolveUrl, headers: o.analyst, payload: answer });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<TPrivacyRequest>()).toMatchObject({ status: 'resolved', resolution: answer.resolution });
    const twice = await app.inject({ method: 'POST', url: resolveUrl, headers: o.analyst, payload: answer });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'privacy_request_resolved' });

    // The candidate reads the answer; the audit trail holds neither their words nor the reviewer's.
    const seen = await pageOf(app, code);
    expect(seen.requests[0]).toMatchObject({ id: request.id, status: 'resolved', resolution: answer.resolution });
    const trail = await db.select().from(auditEvents).where(eq(auditEvents.entityId, profileId));
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(['privacy.correction_request', 'privacy.correction_resolve']),
    );
    expect(JSON.stringify(trail)).not.toContain('1990-04-12');
  });

  test('a copy of the data is prepared by a job, downloadable for a day, then removed', async ({ app, db }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    await app.reports.drain();
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/public/candidate/${code}/exports`,
      headers: { 'accept-language': 'es' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json<TPrivacyRequest>();
    expect(request).toMatchObject({ kind: 'export', status: 'preparing' });
    const url = (file: string) => `/api/v1/public/candidate/${code}/exports/${request.id}?file=${file}`;
    expect((await app.inject({ method: 'GET', url: url('json') })).statusCode).toBe(410);

    await app.jobs.runner['privacy-exports'].drain();
    const ready = (await pageOf(app, code)).requests.find((r) => r.id === request.id)!;
    expect(ready.status).toBe('ready');
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.resolvedAt!)).toBe(DAY);
    const json = await app.inject({ method: 'GET', url: url('json') });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const copy = JSON.parse(json.body) as { controller: string; person: { name: string; reports: unknown[] } };
    expect(copy.controller).toBe('Transportes Andinos S.A.S.');
    expect(copy.person.name).toBe('Lucía Pérez');
    expect(copy.person.reports).toHaveLength(1);
    const pdf = await app.inject({ method: 'GET', url: url('pdf') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Past its window the sweep removes the files; the request stays, expired.
    const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    const storage = storageFor(app.config);
    expect(await storage.get(row!.exportKeys![0]!)).not.toBeNull();
    expect(await expireExports(db, storage, new Date(Date.now() + 2 * DAY))).toBe(1);
    expect(await storage.get(row!.exportKeys![0]!)).toBeNull();
    expect((await app.inject({ method: 'GET', url: url('pdf') })).statusCode).toBe(410);
    expect((await pageOf(app, code)).requests.find((r) => r.id === request.id)!.status).toBe('expired');
    expect(profileId).toBeTruthy();
  });

  test('deleting the person deletes the prepared copy’s files with the rest', async ({ app, db }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    const asked = await app.inject({ method: 'POST', url: `/api/v1/public/candidate/${code}/exports` });
    expect(asked.statusCode).toBe(202);
    await app.jobs.runner['privacy-exports'].drain();
    const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.profileId, profileId));
    const storage = storageFor(app.config);
    expect(await storage.get(row!.exportKeys![1]!)).not.toBeNull();
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: o.headers,
      payload: { ids: [profileId] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect.poll(() => storage.get(row!.exportKeys![1]!)).toBeNull();
    expect((await page(app, code)).statusCode).toBe(404);
  });

  test('withdrawing consent stops the reports not yet run and Sol, once', async ({ app, db }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    await db.insert(referenceChecks).values({
      ownerId: o.owner.id,
      profileId,
      candidatePhone: '+573001234567',
      deadlineAt: new Date(Date.now() + DAY),
    });
    // A free plan paid for the report: stopping it gives the credits back.
    await db.update(reports).set({ creditsCharged: 2 }).where(eq(reports.profileId, profileId));
    const credits = async () =>
      (await db.select({ n: owners.creditsAvailable }).from(owners).where(eq(owners.id, o.owner.id)))[0]!.n;
    const creditsBefore = await credits();
    const withdrawn = await app.inject({ method: 'POST', url: `/api/v1/public/candidate/${code}/withdraw` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await credits()).toBe(creditsBefore + 2);
    const refunds = await db.select().from(creditLedger).where(eq(creditLedger.ownerId, o.owner.id));
    expect(refunds.map((r) => [r.kind, r.amount])).toEqual([['refund', 2]]);
    const at = withdrawn.json<TCandidatePage>().consentWithdrawnAt;
    expect(at).not.toBeNull();
    const stopped = await db.select().from(reports).where(eq(reports.profileId, profileId));
    expect(stopped.map((r) => [r.status, r.lastError])).toEqual([['ERROR', 'consent_withdrawn']]);
    const [check] = await db.select().from(referenceChecks).where(eq(referenceChecks.profileId, profileId));
    expect(check!.status).toBe('declined');
    // The worker finds nothing left to run for them.
    await app.reports.drain();
    expect((await db.select().from(reports).where(eq(reports.profileId, profileId)))[0]!.status).toBe('ERROR');
    // A second withdrawal keeps the first one's time.
    const again = await app.inject({ method: 'POST', url: `/api/v1/public/candidate/${code}/withdraw` });
    expect(again.json<TCandidatePage>().consentWithdrawnAt).toBe(at);
    expect(await credits()).toBe(creditsBefore + 2);
  });

  test('withdrawing consent starts the retention clock again', async ({ app, db }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    await app.reports.drain();
    // Seven months since anything happened: past a six-month retention.
    const longAgo = new Date(Date.now() - 213 * DAY);
    await db.update(profiles).set({ createdAt: longAgo }).where(eq(profiles.id, profileId));
    await db.update(reports).set({ completedAt: longAgo }).where(eq(reports.profileId, profileId));
    const expired = () =>
      db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), expiredBy(6, new Date())));
    expect(await expired()).toHaveLength(1);
    const withdrawn = await app.inject({ method: 'POST', url: `/api/v1/public/candidate/${code}/withdraw` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await expired()).toHaveLength(0);
  });

  test('staff send a fresh link: the new code opens the page, the old one no longer does', async ({ app }) => {
    const o = await owner(app);
    const { code, profileId } = await submitted(app, o.formCode);
    const url = `/api/v1/profiles/${profileId}/candidate-link`;
    expect((await app.inject({ method: 'POST', url, headers: o.viewer, payload: { locale: 'pt' } })).statusCode).toBe(
      403,
    );
    const fresh = await app.inject({ method: 'POST', url, headers: o.analyst, payload: { locale: 'pt' } });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const link = fresh.json<TCandidateLink>();
    expect(link.path).toBe(`/pt/candidate/${link.code}`);
    expect((await page(app, code)).statusCode).toBe(404);
    expect((await pageOf(app, link.code)).name).toBe('Lucía Pérez');
    const stranger = await signedIn(app, ['manager']);
    expect(
      (await app.inject({ method: 'POST', url, headers: stranger.headers, payload: { locale: 'es' } })).statusCode,
    ).toBe(404);
  });
});
