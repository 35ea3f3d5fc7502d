import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  BIOMETRIC_CONSENT_VERSION,
  CONSENT_VERSION,
  IDENTITY_PICTURE_MAX_BYTES,
  type TFormLink,
  type TIdentityPicture,
  type TIdentityReport,
  type TPublicForm,
} from '@centinela/shared';
import { auditEvents, identityPictures, profiles, reports } from '../../src/db/schema/index.ts';
import type { App } from '../../src/app.ts';
import { createProfile, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { face, mrzPicture, spoil, td3 } from '../identity-check/documents.ts';
import { multipartFiles } from '../support/multipart.ts';
import { createPipeline } from '../support/profiles-fixtures.ts';

const passport = td3({
  country: 'COL',
  surname: 'GARCIA',
  given: 'MARIA JOSE',
  number: 'AB1234567',
  birth: '900215',
  sex: 'F',
  expiry: '320101',
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function formFor(app: App) {
  const m = await signedIn(app, ['manager'], { plan: 'free', creditsAvailable: 10 });
  const pipeline = await createPipeline(app.db, m.owner.id, { name: 'Ingreso', reportTypes: ['identity_document'] });
  const link = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: m.headers,
      payload: { pipelineId: pipeline.id, expiresAt: tomorrow() },
    })
  ).json<TFormLink>();
  return { ...m, code: link.code };
}

const picture = (app: App, code: string, file: Buffer, fields: Record<string, string>, locale = 'es') => {
  const body = multipartFiles({ file }, { consentVersion: BIOMETRIC_CONSENT_VERSION, ...fields });
  return app.inject({
    method: 'POST',
    url: `/api/v1/public/forms/${code}/identity/pictures`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': locale },
  });
};

describe('identity document report: the candidate’s form', () => {
  test('the form asks for the pictures, a blurred back is refused in Spanish until the third try, the check runs on the server and PASSES', async ({
    app,
    db,
  }) => {
    const { code, headers, owner } = await formFor(app);
    const form = (await app.inject({ method: 'GET', url: `/api/v1/public/forms/${code}` })).json<TPublicForm>();
    expect(form.identity).toMatchObject({ maxTries: 3, required: ['document_front', 'selfie'] });
    expect(['left', 'right']).toContain(form.identity!.turn);
    expect(form.identity!.consent.text.es).toContain('selfie');

    // A blank, blurred "back": no code to read. Refused on tries 1 and 2 with what to do, in Spanish.
    const back = await spoil(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ddd' } })
        .png()
        .toBuffer(),
      { blur: 8 },
    );
    const first = await picture(app, code, back, { kind: 'document_back', attempt: '1' });
    expect(first.statusCode, first.body).toBe(422);
    expect(first.json()).toMatchObject({ code: 'identity_picture_retake' });
    expect(first.json().issues[0].message).toMatch(/borrosa|código/i);
    expect(await db.select().from(identityPictures)).toHaveLength(0);
    // The third try is kept, marked, and would send the report to review — here the candidate skips the back.

    // A PDF and random bytes: clear 4xx in the caller's language, nothing stored.
    const pdf = await picture(app, code, Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), { kind: 'document_front' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ code: 'identity_unsupported_format', message: expect.stringContaining('PDF') });
    // Without the biometric consent: refused.
    const noConsent = multipartFiles({ file: face('obama2') }, { kind: 'selfie' });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${code}/identity/pictures`,
      payload: noConsent.payload,
      headers: noConsent.headers,
    });
    expect(refused.statusCode).toBe(400);

    const front = await picture(app, code, await mrzPicture(passport, { portrait: face('obama') }), {
      kind: 'document_front',
    });
    expect(front.statusCode, front.body).toBe(201);
    const selfie = await picture(app, code, face('obama2'), { kind: 'selfie' });
    expect(selfie.statusCode, selfie.body).toBe(201);
    const ids = [front.json<TIdentityPicture>().id, selfie.json<TIdentityPicture>().id];

    const person = {
      name: 'María José García',
      documentType: 'passport',
      documentId: 'AB1234567',
      consent: true,
      consentVersion: CONSENT_VERSION,
      locale: 'es',
    };
    const missing = await app.inject({ method: 'POST', url: `/api/v1/public/forms/${code}`, payload: person });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().issues).toEqual([expect.objectContaining({ path: 'body.identityPictureIds' })]);

    const submitted = await app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${code}`,
      payload: { ...person, identityPictureIds: ids },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [profile] = await db.select().from(profiles).where(eq(profiles.ownerId, owner.id));
    const [queued] = await db.select().from(reports).where(eq(reports.profileId, profile!.id));
    expect(queued).toMatchObject({ type: 'identity_document', status: 'PENDING', creditsCharged: 1 });

    await app.reports.drain();
    const report = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/profiles/${profile!.id}/identity`,
        headers: { ...headers, 'accept-language': 'pt' },
      })
    ).json<TIdentityReport>();
    expect(report).toMatchObject({ status: 'COMPLETED', verdict: 'PASSED', reasons: [] });
    expect(report.checks.find((c) => c.check === 'face')).toMatchObject({ outcome: 'passed', label: 'Rosto' });
    expect(report.faceDistance).toBeLessThan(0.55);
    expect(report.readings[0]).toMatchObject({ documentNumber: 'AB1234567', source: 'mrz' });
    expect(JSON.stringify(report)).not.toContain('descriptor');
    const [done] = await db.select().from(profiles).where(eq(profiles.id, profile!.id));
    expect(done!.status).toBe('PASSED');

    // The reviewer can see the pictures; another owner cannot.
    const img = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${profile!.id}/identity/pictures/${ids[1]}`,
      headers,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\/jpeg/);
    const stranger = await signedIn(app, ['manager']);
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/v1/profiles/${profile!.id}/identity/pictures/${ids[1]}`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(404);
  }, 120_000);
});

describe('identity document report: staff and the client API', () => {
  test('multipart upload is idempotent, a partial name goes to review, a reviewer approves with a reason (audited), a second person with the same selfie FAILS as reused', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const ana = await createProfile(db, m.owner.id, { name: 'María Josefa García', documentId: 'AB1234567' });
    const front = await mrzPicture(passport, { portrait: face('obama') });
    const send = (profileId: string, key: string, files: Record<string, Buffer>) => {
      const body = multipartFiles(files, { consentVersion: BIOMETRIC_CONSENT_VERSION });
      return app.inject({
        method: 'POST',
        url: `/api/v1/profiles/${profileId}/identity`,
        payload: body.payload,
        headers: { ...m.headers, ...body.headers, 'idempotency-key': key },
      });
    };
    const missing = await send(ana.id, 'k0', { document_front: front });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('identity_pictures_missing');

    const sent = await send(ana.id, 'k1', { document_front: front, selfie: face('obama2') });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<TIdentityReport>()).toMatchObject({ status: 'PENDING', verdict: null });
    const again = await send(ana.id, 'k1', { document_front: front, selfie: face('obama2') });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await db.select().from(identityPictures).where(eq(identityPictures.profileId, ana.id))).toHaveLength(2);

    await app.reports.drain();
    const review = (
      await app.inject({ method: 'GET', url: `/api/v1/profiles/${ana.id}/identity`, headers: m.headers })
    ).json<TIdentityReport>();
    expect(review).toMatchObject({ status: 'PENDING_MANUAL_REVIEW', verdict: 'PENDING_MANUAL_REVIEW' });
    expect(review.reasons).toEqual([expect.objectContaining({ check: 'name', outcome: 'review', reason: 'partial' })]);

    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${ana.id}/identity/review`,
      headers: m.headers,
      payload: { decision: 'approved', reason: 'Segundo nombre abreviado en el registro' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TIdentityReport>()).toMatchObject({
      status: 'COMPLETED',
      review: { decision: 'approved', reason: 'Segundo nombre abreviado en el registro' },
    });
    const [passed] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(passed!.status).toBe('PASSED');
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ownerId, m.owner.id), eq(auditEvents.action, 'identity.review')));
    expect(audited).toHaveLength(1);
    const twice = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${ana.id}/identity/review`,
      headers: m.headers,
      payload: { decision: 'rejected', reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('identity_not_in_review');

    // Another person of the same owner, with their own passport, sends the same selfie: used for someone else.
    const other = await createProfile(db, m.owner.id, { name: 'Pedro Pérez', documentId: 'CD7654321' });
    const otherPassport = td3({
      country: 'COL',
      surname: 'PEREZ',
      given: 'PEDRO',
      number: 'CD7654321',
      birth: '880101',
      sex: 'M',
      expiry: '320101',
    });
    const otherFront = await mrzPicture(otherPassport, { portrait: face('obama3') });
    expect((await send(other.id, 'k2', { document_front: otherFront, selfie: face('obama2') })).statusCode).toBe(202);
    await app.reports.drain();
    const reused = (
      await app.inject({ method: 'GET', url: `/api/v1/profiles/${other.id}/identity`, headers: m.headers })
    ).json<TIdentityReport>();
    expect(reused.verdict).toBe('FAILED');
    expect(reused.checks.find((c) => c.check === 'not_reused')).toMatchObject({
      outcome: 'failed',
      reason: 'picture_used_by_other_person',
    });
    const [failed] = await db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(failed!.status).toBe('FAILED');
  }, 180_000);
});

/** A small PNG whose header claims width × height (a decompression bomb as it arrives). */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('identity document report: bad input', () => {
  test('a 100-megapixel bomb, an executable, an oversized file and a picture with no face: clear 4xx or a clear check result', async ({
    app,
  }) => {
    const { code } = await formFor(app);
    const check = (file: Buffer, kind: string) => {
      const body = multipartFiles({ file }, { kind });
      return app.inject({
        method: 'POST',
        url: `/api/v1/public/forms/${code}/identity/check`,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': 'pt' },
      });
    };
    const bomb = await check(await pngBomb(10_000, 10_000), 'document_front');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ code: 'identity_image_too_large', message: expect.stringContaining('pixels') });
    const exe = await check(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 7)]), 'selfie');
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe('identity_not_an_image');
    const huge = await check(Buffer.alloc(IDENTITY_PICTURE_MAX_BYTES + 1024, 1), 'selfie');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('upload_too_large');
    // No face on a "selfie": a check result saying what to do, in the caller's language.
    const blank = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#8a8a8a' } })
      .png()
      .toBuffer();
    const noFace = await check(blank, 'selfie');
    expect(noFace.statusCode, noFace.body).toBe(200);
    expect(noFace.json()).toMatchObject({ ok: false, faces: 0 });
    expect(noFace.json().problems).toContainEqual({ code: 'no_face', message: expect.stringContaining('rosto') });
  }, 120_000);
});
