import { and, eq } from 'drizzle-orm';
import type { TCreateProfileResponse, TGetProfileResponse, TUpdatePersonResponse } from '@centinela/shared';
import type { App } from '../src/app.ts';
import { auditEvents, owners, profiles, reports } from '../src/db/schema/index.ts';
import type { DomainEvent } from '../src/kernel/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

async function createCandidate(app: App, headers: Record<string, string>, extra: Record<string, unknown>) {
  const payload = {
    kind: 'candidate',
    country: 'co',
    documentType: 'national_id',
    documentId: '1020304050',
    name: 'Ana Gómez',
    ...extra,
  };
  const response = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreateProfileResponse>().profile;
}

const editPerson = (app: App, id: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/profiles/${id}/person`,
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('created by', () => {
  test('a person shows who created them by username, on create and on GET; none when unknown', async ({ app, db }) => {
    const a = await signedIn(app);
    const created = await createCandidate(app, a.headers, { reportTypes: ['news_search'] });
    expect(created).toMatchObject({ createdBy: a.user.id, createdByUsername: a.user.username });
    const got = await app.inject({ method: 'GET', url: `/api/v1/profiles/${created.id}`, headers: a.headers });
    expect(got.json<TGetProfileResponse>()).toMatchObject({ createdBy: a.user.id, createdByUsername: a.user.username });

    const imported = await createProfile(db, a.owner.id, { createdBy: null, createdAs: 'api' });
    const other = await app.inject({ method: 'GET', url: `/api/v1/profiles/${imported.id}`, headers: a.headers });
    expect(other.json<TGetProfileResponse>()).toMatchObject({ createdBy: null, createdByUsername: null });
  });
});

describe('PATCH /api/v1/profiles/:id/person', () => {
  test('the missing issue date, once given, queues the INCOMPLETE report again and the engine runs it', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const profile = await createCandidate(app, a.headers, { reportTypes: ['police_record', 'news_search'] });
    expect(profile.reports.find((r) => r.type === 'police_record')).toMatchObject({
      status: 'INCOMPLETE',
      missingInputs: ['issueDate'],
    });
    await app.reports.drain();
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));

    const response = await editPerson(app, profile.id, a.headers, { issueDate: '2012-05-04' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TUpdatePersonResponse>();
    expect(body.requeued).toEqual(['police_record']);
    expect(body.profile.inputs).toEqual({ issueDate: '2012-05-04' });
    const police = body.profile.reports.find((r) => r.type === 'police_record')!;
    expect(police).toMatchObject({ status: 'PENDING', missingInputs: [], attempts: 0 });
    // The news search had already run: it is left as it was.
    expect(body.profile.reports.find((r) => r.type === 'news_search')!.status).not.toBe('PENDING');
    expect(body.profile.status).toBe('PENDING');
    expect(events).toContainEqual({
      name: 'report.updated',
      ownerId: a.owner.id,
      payload: { profileId: profile.id, reportId: police.id, status: 'PENDING' },
    });
    expect(events).toContainEqual({
      name: 'profile.updated',
      ownerId: a.owner.id,
      payload: { profileId: profile.id, status: 'PENDING' },
    });
    const [row] = await db.select().from(reports).where(eq(reports.id, police.id));
    expect(row?.inputs).toMatchObject({ documentId: '1020304050', issueDate: '2012-05-04' });

    await app.reports.drain();
    const after = (
      await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: a.headers })
    ).json<TGetProfileResponse>();
    expect(after.reports.find((r) => r.type === 'police_record')!.status).not.toMatch(/^(INCOMPLETE|PENDING)$/);
    expect(after.status).not.toMatch(/^(INCOMPLETE|PENDING)$/);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, profile.id), eq(auditEvents.action, 'profile.person.update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toEqual({ fields: ['issueDate'], requeued: ['police_record'] });
  });

  test('a report still lacking an input stays INCOMPLETE and lists what it lacks now', async ({ app }) => {
    const a = await signedIn(app);
    const profile = await createCandidate(app, a.headers, {
      country: 'mx',
      documentId: 'HEGG560427MVZRRL04',
      reportTypes: ['state_records', 'justice_report'],
    });
    expect(profile.status).toBe('INCOMPLETE');
    const response = await editPerson(app, profile.id, a.headers, { state: 'Jalisco' });
    const body = response.json<TUpdatePersonResponse>();
    expect(body.requeued).toEqual(['state_records']);
    expect(body.profile.reports.find((r) => r.type === 'justice_report')).toMatchObject({
      status: 'INCOMPLETE',
      missingInputs: ['birthDate'],
    });
    expect(body.profile.status).toBe('INCOMPLETE');
    const again = (
      await editPerson(app, profile.id, a.headers, { birthDate: '1990-01-31' })
    ).json<TUpdatePersonResponse>();
    expect(again.requeued).toEqual(['justice_report']);
    expect(again.profile.reports.every((r) => r.status !== 'INCOMPLETE')).toBe(true);
    // Nothing INCOMPLETE left: another edit queues nothing.
    expect(
      (await editPerson(app, profile.id, a.headers, { city: 'Guadalajara' })).json<TUpdatePersonResponse>().requeued,
    ).toEqual([]);
  });

  test('a free-plan owner pays for the report queued again; short of credits nothing changes (402)', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app, ['analyst'], { plan: 'free', creditsAvailable: 1 });
    // The criminal record runs (1 credit); the police record waits for its input and costs nothing yet.
    const profile = await createCandidate(app, a.headers, { reportTypes: ['criminal_records', 'police_record'] });
    const balance = async () =>
      (await db.select({ n: owners.creditsAvailable }).from(owners).where(eq(owners.id, a.owner.id)))[0]!.n;
    expect(await balance()).toBe(0);
    const refused = await editPerson(app, profile.id, a.headers, { issueDate: '2012-05-04' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('insufficient_credits');
    const [kept] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(kept?.inputs).toEqual({});
    const [waiting] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.profileId, profile.id), eq(reports.type, 'police_record')));
    expect(waiting?.status).toBe('INCOMPLETE');

    await db.update(owners).set({ creditsAvailable: 1 }).where(eq(owners.id, a.owner.id));
    const paid = await editPerson(app, profile.id, a.headers, { issueDate: '2012-05-04' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TUpdatePersonResponse>().requeued).toEqual(['police_record']);
    expect(await balance()).toBe(0);
  });

  test('stores the fields as create does: document normalised, phone E.164, email lower-case; null clears', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { city: 'Cali', inputs: { issueDate: '2010-01-01' } });
    const response = await editPerson(app, profile.id, a.headers, {
      name: 'Ana María Gómez',
      documentId: ' 1.020.304.050 ',
      phone: '+57 300 123 4567',
      email: 'Ana@Example.org',
      city: null,
      issueDate: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({
      name: 'Ana María Gómez',
      documentId: '1020304050',
      phone: '+573001234567',
      email: 'ana@example.org',
      city: null,
      inputs: {},
    });
  });

  test('refuses bad or empty input, the country, a pre-candidate left unreachable, a viewer and another owner', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const profile = await createProfile(db, a.owner.id);
    const pre = await createProfile(db, a.owner.id, {
      status: 'PRECANDIDATE',
      country: 'xx',
      documentId: '',
      email: 'p@example.org',
    });
    expect((await editPerson(app, profile.id, a.headers, {})).statusCode).toBe(400);
    expect((await editPerson(app, profile.id, a.headers, { country: 'mx' })).statusCode).toBe(400);
    expect((await editPerson(app, profile.id, a.headers, { phone: '3001234567' })).statusCode).toBe(400);
    expect((await editPerson(app, profile.id, a.headers, { birthDate: '1990-02-31' })).statusCode).toBe(400);
    expect((await editPerson(app, profile.id, a.headers, { name: '  ' })).statusCode).toBe(400);
    const unreachable = await editPerson(app, pre.id, a.headers, { email: null });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'body.email', key: 'profiles.validation.emailOrPhone' }],
    });
    expect((await editPerson(app, pre.id, a.headers, { email: null, phone: '+573001234567' })).statusCode).toBe(200);
    expect((await editPerson(app, profile.id, viewer.headers, { name: 'X' })).statusCode).toBe(403);
    expect((await editPerson(app, profile.id, b.headers, { name: 'X' })).statusCode).toBe(404);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.name).toBe('Ana Gómez');
  });
});
