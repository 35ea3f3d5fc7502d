import { and, eq } from 'drizzle-orm';
import type { TCreateProfileResponse, TGetProfileResponse, TProfileHintsResponse } from '@centinela/shared';
import { auditEvents, profiles, reports } from '../src/db/schema/index.ts';
import type { DomainEvent } from '../src/kernel/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const candidate = (extra: Record<string, unknown> = {}) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId: '1020304050',
  name: 'Ana Gómez',
  reportTypes: ['criminal_records', 'news_search'],
  ...extra,
});

describe('POST /api/v1/profiles (candidate)', () => {
  test('creates the person, queues the chosen reports, derives the status, audits and publishes', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate(),
    });
    expect(response.statusCode).toBe(201);
    const { profile, hints } = response.json<TCreateProfileResponse>();
    expect(profile).toMatchObject({
      name: 'Ana Gómez',
      country: 'co',
      documentId: '1020304050',
      status: 'PENDING',
      createdAs: 'dashboard',
      preferredContact: null,
    });
    expect(profile.reports.map((r) => [r.type, r.status]).sort()).toEqual([
      ['criminal_records', 'PENDING'],
      ['news_search', 'PENDING'],
    ]);
    expect(hints).toEqual([]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, profile.id), eq(auditEvents.action, 'profile.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ ownerId: a.owner.id, actorUserId: a.user.id });
    expect(events).toContainEqual({
      name: 'profile.updated',
      ownerId: a.owner.id,
      payload: { profileId: profile.id, status: 'PENDING' },
    });
  });

  test('the report engine runs what was queued: the status follows the reports', async ({ app }) => {
    const a = await signedIn(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate(),
    });
    const { profile } = created.json<TCreateProfileResponse>();
    await app.reports.drain();
    const after = (
      await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: a.headers })
    ).json<TGetProfileResponse>();
    expect(after.reports.every((r) => r.status !== 'PENDING')).toBe(true);
    expect(after.status).not.toBe('PENDING');
  });

  test('a report lacking inputs makes it INCOMPLETE; the document is normalised', async ({ app }) => {
    const a = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate({ documentId: ' 1.020.304.050 ', reportTypes: ['police_record'] }),
    });
    const { profile } = response.json<TCreateProfileResponse>();
    expect(profile.documentId).toBe('1020304050');
    expect(profile.status).toBe('INCOMPLETE');
    expect(profile.reports[0]).toMatchObject({
      type: 'police_record',
      status: 'INCOMPLETE',
      missingInputs: ['issueDate'],
    });
  });

  test('runs a pipeline of the same country', async ({ app }) => {
    const a = await signedIn(app);
    const pipeline = await createPipeline(app.db, a.owner.id, {
      reportTypes: ['criminal_records', 'judicial_records'],
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate({ reportTypes: undefined, pipelineId: pipeline.id }),
    });
    expect(response.statusCode).toBe(201);
    const { profile } = response.json<TCreateProfileResponse>();
    expect(profile.pipelineId).toBe(pipeline.id);
    expect(profile.reports.map((r) => r.type).sort()).toEqual(['criminal_records', 'judicial_records']);
  });

  test('"Unable to create profile": another country\'s or another owner\'s pipeline, a report the country lacks', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const mexican = await createPipeline(db, a.owner.id, { country: 'mx', reportTypes: ['state_records'] });
    const foreign = await createPipeline(db, b.owner.id);
    for (const payload of [
      candidate({ reportTypes: undefined, pipelineId: mexican.id }),
      candidate({ reportTypes: undefined, pipelineId: foreign.id }),
      candidate({ reportTypes: ['state_records'] }),
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: a.headers, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'profile_create_failed', message: 'Unable to create profile.' });
      expect(response.json().issues).toHaveLength(1);
    }
    const es = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...a.headers, 'accept-language': 'es' },
      payload: candidate({ reportTypes: ['state_records'] }),
    });
    expect(es.json().message).toBe('No se pudo crear el perfil.');
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, a.owner.id))).toEqual([]);
  });

  test('refuses the placeholder country, both or neither of pipeline and reports, NUL and lone surrogates', async ({
    app,
  }) => {
    const a = await signedIn(app);
    for (const payload of [
      candidate({ country: 'xx' }),
      candidate({ pipelineId: '00000000-0000-4000-8000-000000000000' }),
      candidate({ reportTypes: undefined }),
      candidate({ name: 'Ana\u0000' }),
      candidate({ name: 'Ana\ud800' }),
      candidate({ phone: '3001234567' }),
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: a.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });
});

describe('POST /api/v1/profiles (pre-candidate)', () => {
  test('needs an email or a phone', async ({ app }) => {
    const a = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: { kind: 'precandidate', name: 'Ana' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.email', key: 'profiles.validation.emailOrPhone' }),
    );
  });

  test('the phone must carry its country prefix; it is stored as E.164', async ({ app }) => {
    const a = await signedIn(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: { kind: 'precandidate', name: 'Ana', phone: '300 123 4567' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.phone', key: 'profiles.validation.invalidPhone' }),
    );
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: { kind: 'precandidate', name: 'Ana', phone: '+57 300 123 4567' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<TCreateProfileResponse>().profile).toMatchObject({
      phone: '+573001234567',
      status: 'PRECANDIDATE',
      preferredContact: 'phone',
      country: 'xx',
      reports: [],
    });
  });

  test('with both, the phone is preferred; with only an email, the email', async ({ app }) => {
    const a = await signedIn(app);
    const both = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: { kind: 'precandidate', name: 'Ana', email: 'Ana@Example.test', phone: '+525512345678' },
    });
    expect(both.json<TCreateProfileResponse>().profile).toMatchObject({
      preferredContact: 'phone',
      email: 'ana@example.test',
    });
    const email = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: { kind: 'precandidate', name: 'Ana', email: 'ana@example.test' },
    });
    expect(email.json<TCreateProfileResponse>().profile.preferredContact).toBe('email');
  });

  test('platform staff must name the owner', async ({ app }) => {
    const admin = await signedIn(app, ['admin']);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: admin.headers,
      payload: { kind: 'precandidate', name: 'Ana', email: 'a@example.test' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('owner_required');
  });
});

describe('hints', () => {
  test('format hints from the catalogue, never blocking', async ({ app }) => {
    const a = await signedIn(app);
    const check = (documentId: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/profiles/hints',
          headers: a.headers,
          payload: { country: 'cl', documentId },
        })
        .then((r) => r.json<TProfileHintsResponse>().hints);
    expect(await check('1234')).toEqual([{ field: 'documentId', hint: 'too_short', minLength: 9 }]);
    expect(await check('123456789012')).toEqual([{ field: 'documentId', hint: 'too_long', maxLength: 10 }]);
    expect(await check('12345678-9')).toEqual([{ field: 'documentId', hint: 'invalid_format' }]);
    expect(await check('12345678-5')).toEqual([]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate({ country: 'cl', documentId: '1234', reportTypes: ['news_search'] }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<TCreateProfileResponse>().hints).toEqual([
      { field: 'documentId', hint: 'too_short', minLength: 9 },
    ]);
  });

  test('a document used in the last 2 days in the same owner, not older, not another owner', async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const recent = await createProfile(db, a.owner.id, { documentId: '1020304050' });
    await createProfile(db, a.owner.id, {
      documentId: '1020304051',
      createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
    });
    await createProfile(db, b.owner.id, { documentId: '1020304052' });
    const check = (documentId: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/profiles/hints',
          headers: a.headers,
          payload: { country: 'co', documentId },
        })
        .then((r) => r.json<TProfileHintsResponse>().hints);
    expect(await check('1.020.304.050')).toEqual([
      { field: 'documentId', hint: 'recently_used', profileId: recent.id, usedAt: recent.createdAt.toISOString() },
    ]);
    expect(await check('1020304051')).toEqual([]);
    expect(await check('1020304052')).toEqual([]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate(),
    });
    expect(created.json<TCreateProfileResponse>().hints).toEqual([
      expect.objectContaining({ hint: 'recently_used', profileId: recent.id }),
    ]);
  });
});

describe('GET /api/v1/profiles/:id', () => {
  test("the person with every field and their reports; another owner's answers 404", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { observations: 'ok', city: 'Bogotá' });
    const finding = {
      kind: 'criminal_record',
      matchedBy: 'id' as const,
      severity: 'adverse' as const,
      summary: 'x',
      source: 'y',
      date: null,
      record: {},
    };
    await db.insert(reports).values({
      ownerId: a.owner.id,
      profileId: profile.id,
      type: 'criminal_records',
      status: 'COMPLETED',
      findings: [finding],
      details: { reference: 'R1' },
    });
    const response = await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: a.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<TGetProfileResponse>();
    expect(body).toMatchObject({ id: profile.id, observations: 'ok', city: 'Bogotá', confirmedHomonym: false });
    expect(body.reports).toEqual([
      expect.objectContaining({
        type: 'criminal_records',
        status: 'COMPLETED',
        findings: [finding],
        missingInputs: [],
        details: { reference: 'R1' },
      }),
    ]);
    const other = await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: b.headers });
    expect(other.statusCode).toBe(404);
  });
});
