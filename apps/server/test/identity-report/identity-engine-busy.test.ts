import { eq } from 'drizzle-orm';
import { BIOMETRIC_CONSENT_VERSION, type TCandidateLink, type TFormLink } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { auditEvents, identityPictures, profiles } from '../../src/db/schema/index.ts';
import { configureIdentityEngine } from '../../src/domains/identity-report/engine.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { face } from '../identity-check/documents.ts';
import { createPipeline } from '../support/profiles-fixtures.ts';
import { multipart, multipartFiles } from '../support/multipart.ts';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** A selfie to upload (`…/pictures`) or only to check (`…/check`, which takes its kind alone). */
const selfie = (app: App, url: string, locale: string) => {
  const fields: Record<string, string> = url.endsWith('/check')
    ? { kind: 'selfie' }
    : { kind: 'selfie', attempt: '1', consentVersion: BIOMETRIC_CONSENT_VERSION };
  const body = multipart({ name: 'selfie.png', body: face('obama2'), type: 'image/png' }, fields);
  return app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, 'accept-language': locale } });
};

/** A form link for a pipeline with the identity report, and the candidate's link of a person waiting for pictures. */
async function urls(app: App) {
  const m = await signedIn(app, ['manager'], { plan: 'free', creditsAvailable: 5 });
  const pipeline = await createPipeline(app.db, m.owner.id, { name: 'Ingreso', reportTypes: ['identity_document'] });
  const form = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: m.headers,
      payload: { pipelineId: pipeline.id, expiresAt: tomorrow() },
    })
  ).json<TFormLink>();
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/profiles',
    headers: m.headers,
    payload: {
      kind: 'candidate',
      country: 'co',
      documentType: 'passport',
      documentId: 'AB1234567',
      name: 'María José García',
      reportTypes: ['identity_document'],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [person] = await app.db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id));
  const link = (
    await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${person!.id}/candidate-link`,
      headers: m.headers,
      payload: { locale: 'es' },
    })
  ).json<TCandidateLink>();
  return {
    form: `/api/v1/public/forms/${form.code}`,
    candidate: `/api/v1/public/candidate/${link.code}`,
    staff: `/api/v1/profiles/${person!.id}/identity`,
    headers: m.headers,
  };
}

describe('identity engine out of time', () => {
  // The engine's real worker pool with a 1 ms limit per task: every picture it is given overruns.
  test.override({ env: { IDENTITY_TASK_TIMEOUT_MS: '1' } });

  test('a picture the engine could not check answers 503 identity_engine_busy in the caller’s language, nothing kept', async ({
    app,
    db,
  }) => {
    const at = await urls(app);
    const sent = [
      ['es', await selfie(app, `${at.form}/identity/pictures`, 'es'), /No pudimos revisar la foto/],
      ['pt', await selfie(app, `${at.candidate}/identity/pictures`, 'pt'), /Não conseguimos verificar a foto/],
      ['en', await selfie(app, `${at.form}/identity/check`, 'en'), /We could not check the picture just now/],
      ['en', await selfie(app, `${at.candidate}/identity/check`, 'en'), /We could not check the picture just now/],
    ] as const;
    for (const [, response, message] of sent) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ code: 'identity_engine_busy', message: expect.stringMatching(message) });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Staff and client systems too: the multi-picture upload refuses the whole request.
    const both = multipartFiles(
      { document_front: face('obama'), selfie: face('obama2') },
      { consentVersion: BIOMETRIC_CONSENT_VERSION },
    );
    const staff = await app.inject({
      method: 'POST',
      url: at.staff,
      payload: both.payload,
      headers: { ...at.headers, ...both.headers },
    });
    expect(staff.statusCode, staff.body).toBe(503);
    expect(staff.json()).toMatchObject({ code: 'identity_engine_busy' });

    expect(await db.select().from(identityPictures)).toHaveLength(0);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, 'identity_picture.create'));
    expect(audited).toHaveLength(0);
  }, 120_000);
});

describe('identity engine worker dying mid-check', () => {
  test('the worker runs out of memory on a picture: 503 identity_engine_busy, nothing kept, the server lives on', async ({
    app,
    db,
  }) => {
    const at = await urls(app);
    // The engine this app makes next gets a memory ceiling too small to compare a face: its worker dies of it.
    configureIdentityEngine({ taskTimeoutMs: 60_000, workerMaxOldGenerationMb: 16 });
    const response = await selfie(app, `${at.form}/identity/pictures`, 'pt');
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'identity_engine_busy',
      message: expect.stringMatching(/Não conseguimos verificar a foto/),
    });
    expect(await db.select().from(identityPictures)).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);
});
