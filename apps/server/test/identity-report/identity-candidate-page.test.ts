import { eq } from 'drizzle-orm';
import { BIOMETRIC_CONSENT_VERSION, type TCandidateLink, type TCandidatePage } from '@centinela/shared';
import { owners, profiles, reports } from '../../src/db/schema/index.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { face, mrzPicture, td3 } from '../identity-check/documents.ts';
import { multipart } from '../support/multipart.ts';

const passport = td3({
  country: 'COL',
  surname: 'GARCIA',
  given: 'MARIA JOSE',
  number: 'AB1234567',
  birth: '900215',
  sex: 'F',
  expiry: '320101',
});

describe('identity document report: a person created outside a form', () => {
  test('waits INCOMPLETE for the pictures at no cost; the candidate’s own link asks for them and starts the check, paid then', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager'], { plan: 'free', creditsAvailable: 5 });
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
    const [person] = await db.select().from(profiles).where(eq(profiles.ownerId, m.owner.id));
    const [waiting] = await db.select().from(reports).where(eq(reports.profileId, person!.id));
    expect(waiting).toMatchObject({ status: 'INCOMPLETE', missingInputs: ['identityPictures'], creditsCharged: 0 });
    expect(person!.status).toBe('INCOMPLETE');

    const link = (
      await app.inject({
        method: 'POST',
        url: `/api/v1/profiles/${person!.id}/candidate-link`,
        headers: m.headers,
        payload: { locale: 'es' },
      })
    ).json<TCandidateLink>();
    const base = `/api/v1/public/candidate/${link.code}`;
    const page = (await app.inject({ method: 'GET', url: base })).json<TCandidatePage>();
    expect(page.identity).toMatchObject({
      submitUrl: `${base}/identity/submit`,
      uploadUrl: `${base}/identity/pictures`,
    });

    const early = await app.inject({ method: 'POST', url: `${base}/identity/submit` });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('identity_pictures_missing');
    for (const [kind, file] of [
      ['document_front', await mrzPicture(passport, { portrait: face('obama') })],
      ['selfie', face('obama2')],
    ] as const) {
      const body = multipart({ name: `${kind}.png`, body: file }, { kind, consentVersion: BIOMETRIC_CONSENT_VERSION });
      const sent = await app.inject({ method: 'POST', url: `${base}/identity/pictures`, ...body });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const submitted = await app.inject({ method: 'POST', url: `${base}/identity/submit` });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const [queued] = await db.select().from(reports).where(eq(reports.profileId, person!.id));
    expect(queued).toMatchObject({ status: 'PENDING', missingInputs: [], creditsCharged: 1 });
    const [owner] = await db.select().from(owners).where(eq(owners.id, m.owner.id));
    expect(owner!.creditsAvailable).toBe(4);
    // Nothing more is asked; a second submit is refused.
    expect((await app.inject({ method: 'GET', url: base })).json<TCandidatePage>().identity).toBeUndefined();
    expect((await app.inject({ method: 'POST', url: `${base}/identity/submit` })).statusCode).toBe(409);
  }, 120_000);
});
