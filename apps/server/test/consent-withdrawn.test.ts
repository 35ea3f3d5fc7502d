import { CONSENT_VERSION, type TGetProfileResponse } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { auditEvents, profiles, reports, watchlistEnrolments } from '../src/db/schema/index.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { candidateAnswers } from './support/forms.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const DAY = 86_400_000;

/** A manager's form link, a candidate who filled it, monitored, whose check ran. */
async function candidate(app: App) {
  const m = await signedIn(app, ['manager'], { name: 'Transportes Andinos S.A.S.' });
  const pipeline = await createPipeline(app.db, m.owner.id, { name: 'Ingreso', reportTypes: ['criminal_records'] });
  const link = await app.inject({
    method: 'POST',
    url: '/api/v1/forms',
    headers: m.headers,
    payload: { pipelineId: pipeline.id, expiresAt: new Date(Date.now() + DAY).toISOString() },
  });
  const submitted = await app.inject({
    method: 'POST',
    url: `/api/v1/public/forms/${link.json<{ code: string }>().code}`,
    payload: candidateAnswers(),
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const code = submitted.json<{ candidatePath: string }>().candidatePath.split('/').at(-1)!;
  const [person] = await app.db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id));
  const enrolled = await app.inject({
    method: 'POST',
    url: '/api/v1/watchlists/enrolments',
    headers: m.headers,
    payload: { profileIds: [person!.id] },
  });
  expect(enrolled.json()).toEqual({ enrolled: 1 });
  return { ...m, code, profileId: person!.id };
}

const withdraw = (app: App, code: string) =>
  app.inject({ method: 'POST', url: `/api/v1/public/candidate/${code}/withdraw` });

describe('after a candidate withdraws consent', () => {
  test('staff see the withdrawal, and nothing runs or is monitored until a new consent', async ({ app, db }) => {
    const c = await candidate(app);
    expect((await withdraw(app, c.code)).statusCode).toBe(200);
    const [report] = await db.select().from(reports).where(eq(reports.profileId, c.profileId));

    // The person's view says when and how; the stopped report says why.
    const view = await app.inject({ method: 'GET', url: `/api/v1/profiles/${c.profileId}`, headers: c.headers });
    const person = view.json<TGetProfileResponse>();
    expect(person.consentWithdrawal).toEqual({ at: expect.any(String), via: 'candidate_page' });
    expect(person.reports.map((r) => [r.status, r.lastError])).toEqual([['ERROR', 'consent_withdrawn']]);

    // Monitoring stopped with the consent.
    expect(await db.select().from(watchlistEnrolments).where(eq(watchlistEnrolments.profileId, c.profileId))).toEqual(
      [],
    );

    // "Run again" is refused, in the caller's language, and the report stays as it was.
    const rerun = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/reports/${report!.id}/rerun`,
      headers: { ...c.headers, 'accept-language': 'es' },
    });
    expect(rerun.statusCode, rerun.body).toBe(409);
    expect(rerun.json()).toEqual({
      code: 'consent_withdrawn',
      message: expect.stringContaining('retiró su consentimiento'),
    });
    const [after] = await db.select().from(reports).where(eq(reports.id, report!.id));
    expect([after!.status, after!.lastError]).toEqual(['ERROR', 'consent_withdrawn']);

    // Monitoring them again is refused; a pipeline's enrolment, or "monitor everyone", leaves them out.
    const monitor = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/enrolments',
      headers: { ...c.headers, 'accept-language': 'pt' },
      payload: { profileIds: [c.profileId] },
    });
    expect(monitor.statusCode, monitor.body).toBe(409);
    expect(monitor.json()).toEqual({ code: 'consent_withdrawn', message: expect.stringContaining('retirou') });
    const [row] = await db
      .select({ pipelineId: profiles.pipelineId })
      .from(profiles)
      .where(eq(profiles.id, c.profileId));
    const byPipeline = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/enrolments',
      headers: c.headers,
      payload: { pipelineId: row!.pipelineId },
    });
    expect(byPipeline.json()).toEqual({ enrolled: 0 });
    const everyone = await app.inject({
      method: 'PATCH',
      url: '/api/v1/watchlists/settings',
      headers: c.headers,
      payload: { monitorAll: true },
    });
    expect(everyone.statusCode, everyone.body).toBe(200);
    expect(await db.select().from(watchlistEnrolments).where(eq(watchlistEnrolments.profileId, c.profileId))).toEqual(
      [],
    );

    // A new consent, attested by staff, lifts the stop: the report can run again.
    const consent = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${c.profileId}/consent`,
      headers: c.headers,
      payload: { attested: true, consentVersion: CONSENT_VERSION },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json()).toMatchObject({ consent: { how: 'attested', version: CONSENT_VERSION } });
    const again = await app.inject({ method: 'GET', url: `/api/v1/profiles/${c.profileId}`, headers: c.headers });
    expect(again.json<TGetProfileResponse>().consentWithdrawal).toBeNull();
    const rerunNow = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/reports/${report!.id}/rerun`,
      headers: c.headers,
    });
    expect(rerunNow.statusCode, rerunNow.body).toBe(200);
    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, c.profileId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['privacy.consent_withdraw', 'profile.consent_record']),
    );
  });
});
