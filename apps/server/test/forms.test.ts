import { and, eq } from 'drizzle-orm';
import {
  CONSENT_VERSION,
  type TFormLink,
  type TListFormLinksResponse,
  type TPublicForm,
  type TUpload,
} from '@centinela/shared';
import { auditEvents, formLinks, formSubmissions, owners, profiles, reports, uploads } from '../src/db/schema/index.ts';
import type { App } from '../src/app.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { candidateAnswers } from './support/forms.ts';
import { multipart, PNG } from './support/multipart.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function manager(app: App, ownerOverrides = {}) {
  const m = await signedIn(app, ['manager'], ownerOverrides);
  const pipeline = await createPipeline(app.db, m.owner.id, {
    name: 'Ingreso',
    reportTypes: ['criminal_records', 'news_search'],
  });
  const create = (payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: m.headers,
      payload: { pipelineId: pipeline.id, expiresAt: tomorrow(), ...payload },
    });
  return { ...m, pipeline, create };
}

const candidate = (extra: object = {}) => candidateAnswers({ issueDate: '2015-03-02', ...extra });

const submit = (app: App, code: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/public/forms/${code}`,
    payload,
    headers: { 'user-agent': 'test-browser', ...headers },
  });
const open = (app: App, code: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/public/forms/${code}`, headers });

describe('forms: staff links', () => {
  test('a manager creates a link for a pipeline, lists it with its submissions and revokes it; each change audited', async ({
    app,
    db,
  }) => {
    const m = await manager(app);
    const created = await m.create({ label: 'Vacante bodega', singleUse: false });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<TFormLink>();
    expect(link).toMatchObject({
      country: 'co',
      pipelineId: m.pipeline.id,
      pipelineName: 'Ingreso',
      singleUse: false,
      status: 'active',
      submissions: 0,
      label: 'Vacante bodega',
    });
    expect(link.code).toMatch(/^[a-z2-9]{20}$/);

    expect((await submit(app, link.code, candidate())).statusCode).toBe(201);
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/forms', headers: m.headers })
    ).json<TListFormLinksResponse>();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: link.id, submissions: 1 });
    expect(listed.items[0]!.recentSubmissions[0]).toMatchObject({
      profileName: 'Lucía Pérez',
      locale: 'es',
      consentVersion: CONSENT_VERSION,
    });

    const revoked = await app.inject({ method: 'POST', url: `/api/v1/forms/${link.id}/revoke`, headers: m.headers });
    expect(revoked.json<TFormLink>()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'form_link'), eq(auditEvents.entityId, link.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['form_link.create', 'form_link.revoke']);
  });

  test('a link carries the language its form opens in; one made without it says so with null', async ({ app }) => {
    const m = await manager(app);
    const pt = await m.create({ locale: 'pt' });
    expect(pt.statusCode, pt.body).toBe(201);
    expect(pt.json<TFormLink>().locale).toBe('pt');
    expect((await m.create({})).json<TFormLink>().locale).toBeNull();
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/forms', headers: m.headers })
    ).json<TListFormLinksResponse>();
    expect(listed.items.map((l) => l.locale).sort()).toEqual(['pt', null].sort());
    expect((await m.create({ locale: 'fr' as 'pt' })).statusCode).toBe(400);
  });

  test("an expiry in the past or another owner's pipeline is refused; another owner's link is not found", async ({
    app,
  }) => {
    const m = await manager(app);
    const past = await m.create({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.expiresAt', key: 'forms.validation.expiryPast' }),
    );
    const other = await manager(app);
    expect((await m.create({ pipelineId: other.pipeline.id })).statusCode).toBe(404);
    const theirs = (await other.create()).json<TFormLink>();
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/forms/${theirs.id}/revoke`, headers: m.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/forms', headers: m.headers })).json<TListFormLinksResponse>()
        .items,
    ).toEqual([]);
    // An analyst has no forms:manage.
    const analyst = await signedIn(app, ['analyst']);
    expect((await app.inject({ method: 'GET', url: '/api/v1/forms', headers: analyst.headers })).statusCode).toBe(403);
  });
});

describe('forms: the public form', () => {
  test('the candidate sees the inputs the pipeline needs and the consent text; submitting creates the person as `form`, runs the pipeline and stores the consent', async ({
    app,
    db,
  }) => {
    const m = await manager(app, { name: 'Acme Seguridad S.A.' });
    const link = (await m.create()).json<TFormLink>();
    const events: string[] = [];
    app.events.subscribe((e) => events.push(`${e.name}:${e.ownerId}`));

    const form = await open(app, link.code);
    expect(form.statusCode, form.body).toBe(200);
    const def = form.json<TPublicForm>();
    expect(def).toMatchObject({
      company: 'Acme Seguridad S.A.',
      country: 'co',
      pipelineName: 'Ingreso',
      consent: { version: CONSENT_VERSION },
    });
    expect(def.inputs).toEqual(expect.arrayContaining(['name', 'documentType', 'documentId']));
    expect(def.consent.text.es).toContain('Acme Seguridad S.A.');
    expect(def.documentTypes).toContain('national_id');

    const sent = await submit(app, link.code, candidate(), { 'x-forwarded-for': '203.0.113.9' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [person] = await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id));
    expect(person).toMatchObject({
      name: 'Lucía Pérez',
      createdAs: 'form',
      pipelineId: m.pipeline.id,
      createdBy: m.user.id,
      phone: '+573001234567',
      status: 'PENDING',
    });
    const queued = await db.select().from(reports).where(eq(reports.profileId, person!.id));
    expect(queued.map((r) => r.type).sort()).toEqual(['criminal_records', 'news_search']);
    const [consent] = await db.select().from(formSubmissions).where(eq(formSubmissions.formLinkId, link.id));
    expect(consent).toMatchObject({
      profileId: person!.id,
      consentVersion: CONSENT_VERSION,
      locale: 'es',
      userAgent: 'test-browser',
    });
    expect(consent!.consentedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(consent!.consentIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(events).toContain(`profile.updated:${m.owner.id}`);
    const [counted] = await db.select().from(formLinks).where(eq(formLinks.id, link.id));
    expect(counted!.submissions).toBe(1);
  });

  test('without consent, with an outdated consent text or a missing input nothing is created', async ({ app, db }) => {
    const m = await manager(app);
    const link = (await m.create()).json<TFormLink>();
    const noConsent = await submit(app, link.code, candidate({ consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.consent', key: 'forms.validation.consentRequired' }),
    );
    expect((await submit(app, link.code, candidate({ consent: undefined }))).statusCode).toBe(400);
    const outdated = await submit(app, link.code, candidate({ consentVersion: '2020-01' }));
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().code).toBe('consent_version_outdated');
    const def = (await open(app, link.code)).json<TPublicForm>();
    if (def.inputs.includes('issueDate')) {
      const missing = await submit(app, link.code, candidate({ issueDate: undefined }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().issues).toContainEqual(expect.objectContaining({ path: 'body.issueDate' }));
    }
    const badPhone = await submit(app, link.code, candidate({ phone: '3001234567' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.phone', key: 'profiles.validation.invalidPhone' }),
    );
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toEqual([]);
    expect(await db.select().from(formSubmissions)).toEqual([]);
  });

  test('an expired, revoked, used-up or unknown code: "The form is no longer valid." in English and Spanish, and nothing is created', async ({
    app,
    db,
  }) => {
    const m = await manager(app);
    const single = (await m.create({ singleUse: true })).json<TFormLink>();
    expect(single.singleUse).toBe(true);
    expect((await submit(app, single.code, candidate())).statusCode).toBe(201);
    const revoked = (await m.create()).json<TFormLink>();
    await app.inject({ method: 'POST', url: `/api/v1/forms/${revoked.id}/revoke`, headers: m.headers });
    const expired = (await m.create()).json<TFormLink>();
    await db
      .update(formLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formLinks.id, expired.id));

    for (const code of [single.code, revoked.code, expired.code, 'nosuchcode']) {
      const read = await open(app, code);
      expect(read.statusCode, code).toBe(410);
      expect(read.json()).toEqual({ code: 'form_invalid', message: 'The form is no longer valid.' });
      const es = await submit(app, code, candidate(), { 'accept-language': 'es' });
      expect(es.statusCode).toBe(410);
      expect(es.json().message).toBe('El formulario ya no es válido.');
    }
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toHaveLength(1);
    const list = (
      await app.inject({ method: 'GET', url: '/api/v1/forms', headers: m.headers })
    ).json<TListFormLinksResponse>();
    expect(Object.fromEntries(list.items.map((l) => [l.code, l.status]))).toEqual({
      [single.code]: 'used_up',
      [revoked.code]: 'revoked',
      [expired.code]: 'expired',
    });
  });

  test('a single-use link submitted five times at once creates exactly one person', async ({ app, db }) => {
    const m = await manager(app);
    const single = (await m.create({ singleUse: true })).json<TFormLink>();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submit(app, single.code, candidate({ documentId: `10203040${50 + i}` }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410, 410, 410, 410]);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toHaveLength(1);
  });

  test('a multi-use link takes several candidates', async ({ app, db }) => {
    const m = await manager(app);
    const link = (await m.create()).json<TFormLink>();
    for (const id of ['1020304051', '1020304052', '1020304053'])
      expect((await submit(app, link.code, candidate({ documentId: id }))).statusCode).toBe(201);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toHaveLength(3);
  });

  test('a free-plan owner out of credits: the candidate gets "Unable to create profile." and nothing is created or used', async ({
    app,
    db,
  }) => {
    const m = await manager(app, { plan: 'free', creditsInitial: 1, creditsAvailable: 1 });
    const link = (await m.create()).json<TFormLink>();
    const refused = await submit(app, link.code, candidate());
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'profile_create_failed', message: 'Unable to create profile.' });
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toEqual([]);
    const [row] = await db.select().from(formLinks).where(eq(formLinks.id, link.id));
    expect(row!.submissions).toBe(0);
    const [owner] = await db.select().from(owners).where(eq(owners.id, m.owner.id));
    expect(owner!.creditsAvailable).toBe(1);
  });

  test('documents uploaded with the code are attached to the person the submission creates; another form cannot claim them', async ({
    app,
    db,
  }) => {
    const m = await manager(app);
    const link = (await m.create()).json<TFormLink>();
    const other = (await m.create()).json<TFormLink>();
    const def = (await open(app, link.code)).json<TPublicForm>();
    const body = multipart({ name: 'cedula.png', body: PNG, type: 'image/png' });
    const up = await app.inject({ method: 'POST', url: def.uploads.url, ...body });
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json<TUpload>();
    expect(file).toMatchObject({ contentType: 'image/png', profileId: null });

    const stolen = await submit(app, other.code, candidate({ uploadIds: [file.id] }));
    expect(stolen.statusCode).toBe(422);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toEqual([]);

    expect((await submit(app, link.code, candidate({ uploadIds: [file.id] }))).statusCode).toBe(201);
    const [person] = await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id));
    const [attached] = await db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(attached!.profileId).toBe(person!.id);
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/uploads?profileId=${person!.id}`,
      headers: m.headers,
    });
    expect(list.json().items.map((u: TUpload) => u.id)).toEqual([file.id]);
    // An upload to an invalid form is refused like the form itself.
    await app.inject({ method: 'POST', url: `/api/v1/forms/${link.id}/revoke`, headers: m.headers });
    expect(
      (await app.inject({ method: 'POST', url: def.uploads.url, ...multipart({ name: 'b.png', body: PNG }) }))
        .statusCode,
    ).toBe(410);
  });
});

describe('forms: flood protection', () => {
  test.override({ env: { FORM_RATE_LIMIT: '3', FORM_CODE_RATE_LIMIT: '5' } });

  test('one address gets FORM_RATE_LIMIT submissions a minute; many addresses together get FORM_CODE_RATE_LIMIT per code; a honeypot bot creates nothing', async ({
    app,
    db,
  }) => {
    const m = await manager(app);
    const link = (await m.create()).json<TFormLink>();
    const fromOne = [];
    for (let i = 0; i < 6; i++)
      fromOne.push((await submit(app, link.code, candidate({ documentId: `10203041${10 + i}` }))).statusCode);
    expect(fromOne).toEqual([201, 201, 201, 429, 429, 429]);
    const limited = await submit(app, link.code, candidate());
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });

    const other = (await m.create()).json<TFormLink>();
    const fromMany = [];
    for (let i = 0; i < 8; i++) {
      const r = await app.inject({
        method: 'POST',
        url: `/api/v1/public/forms/${other.code}`,
        payload: candidate({ documentId: `10203042${10 + i}` }),
        remoteAddress: `198.51.100.${i + 1}`,
      });
      fromMany.push(r.statusCode);
    }
    expect(fromMany).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toHaveLength(8);

    const third = (await m.create()).json<TFormLink>();
    const bot = await app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${third.code}`,
      payload: candidate({ website: 'http://spam.test' }),
      remoteAddress: '192.0.2.50',
    });
    expect(bot.statusCode).toBe(201);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id))).toHaveLength(8);
  });
});
