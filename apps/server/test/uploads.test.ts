import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { TPublicConfig, TUpload } from '@centinela/shared';
import { referenceChecks, references, uploads } from '../src/db/schema/index.ts';
import { SANDBOX_ASSETS } from '../src/domains/sol/adapters/sandbox.ts';
import { recordingsDir } from '../src/domains/sol/index.ts';
import { storageFor } from '../src/domains/uploads/storage.ts';
import type { App } from '../src/app.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startFakeS3 } from './support/fake-s3.ts';
import { EXE, multipart, PNG } from './support/multipart.ts';

const EVIL_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert('svg')">
  <script>alert(document.cookie)</script>
  <image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/>
  <a href="javascript:alert(1)"><rect width="10" height="10" fill="url(https://evil.example/x.svg#p)"/></a>
  <circle cx="5" cy="5" r="4" fill="#0a0"/>
</svg>`;

async function staff(app: App) {
  const a = await signedIn(app, ['analyst']);
  const person = await createProfile(app.db, a.owner.id);
  const upload = (file: Parameters<typeof multipart>[0]) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/uploads?profileId=${person.id}`,
      ...withAuth(a.headers, multipart(file)),
    });
  return { ...a, person, upload };
}
const withAuth = (auth: Record<string, string>, body: ReturnType<typeof multipart>) => ({
  payload: body.payload,
  headers: { ...auth, ...body.headers },
});

describe('uploads: content decides the type', () => {
  test.override({ env: { UPLOAD_MAX_BYTES: '1048576' } });
  test('a PNG, a PDF and a CSV are stored with the type their content shows, and download as attachments', async ({
    app,
    db,
  }) => {
    const s = await staff(app);
    const png = await s.upload({ name: 'foto.png', body: PNG, type: 'image/png' });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json<TUpload>()).toMatchObject({
      fileName: 'foto.png',
      contentType: 'image/png',
      size: PNG.length,
      profileId: s.person.id,
    });
    const pdf = await s.upload({
      name: 'antecedentes.pdf',
      body: '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
    });
    expect(pdf.json<TUpload>().contentType).toBe('application/pdf');
    const csv = await s.upload({
      name: 'referencias.csv',
      body: Buffer.from('nombre;teléfono\nAna;+573001234567\n', 'latin1'),
    });
    expect(csv.json<TUpload>().contentType).toBe('text/csv');

    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/uploads/${png.json<TUpload>().id}`,
      headers: s.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await db.select().from(uploads).where(eq(uploads.profileId, s.person.id))).length).toBe(3);
  });

  test('an .exe named .png, a PNG named .pdf and a binary named .csv are refused, and nothing is stored', async ({
    app,
    db,
  }) => {
    const s = await staff(app);
    for (const [name, body, reason] of [
      ['foto.png', EXE, 'type_not_allowed'],
      ['setup.exe', EXE, 'type_not_allowed'],
      ['contrato.pdf', PNG, 'name_mismatch'],
      ['datos.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00]), 'type_not_allowed'],
    ] as const) {
      const refused = await s.upload({ name, body, type: 'image/png' });
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json()).toMatchObject({ code: 'upload_type_not_allowed', issues: [{ code: reason }] });
      expect(refused.json().message).toContain('csv, gif, jpg, jpeg, png, pdf');
    }
    expect(await db.select().from(uploads)).toEqual([]);
  });

  test('an SVG with a script, event handlers and external references is stored sanitised', async ({ app }) => {
    const s = await staff(app);
    const stored = await s.upload({ name: 'logo.svg', body: EVIL_SVG, type: 'image/svg+xml' });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json<TUpload>().contentType).toBe('image/svg+xml');
    const svg = (
      await app.inject({ method: 'GET', url: `/api/v1/uploads/${stored.json<TUpload>().id}`, headers: s.headers })
    ).body;
    expect(svg).toContain('<circle');
    for (const bad of ['<script', 'onload', 'alert', 'tracker.example', 'evil.example', 'javascript:'])
      expect(svg).not.toContain(bad);
    // An "SVG" that is not one at all is refused.
    expect((await s.upload({ name: 'fake.svg', body: '<html><script>x</script></html>' })).statusCode).toBe(415);
  });

  test('the size limit, a missing file, and another owner’s person', async ({ app }) => {
    const s = await staff(app);
    const big = await s.upload({ name: 'big.csv', body: 'a,b\n'.repeat(300_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('upload_too_large');
    const notMultipart = await app.inject({
      method: 'POST',
      url: `/api/v1/uploads?profileId=${s.person.id}`,
      headers: s.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const other = await staff(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/uploads?profileId=${other.person.id}`,
          ...withAuth(s.headers, multipart({ name: 'a.png', body: PNG })),
        })
      ).statusCode,
    ).toBe(404);
    const theirs = (await other.upload({ name: 'a.png', body: PNG })).json<TUpload>();
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/uploads/${theirs.id}`, headers: s.headers })).statusCode,
    ).toBe(404);
  });
});

describe('uploads: the public configuration tells the web helper where to post', () => {
  test('on by default', async ({ app }) => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json<TPublicConfig>();
    expect(config.uploads).toMatchObject({
      url: '/api/v1/uploads',
      extensions: ['csv', 'gif', 'jpg', 'jpeg', 'png', 'pdf', 'svg'],
    });
  });
});

describe('uploads: UPLOADS=false', () => {
  test.override({ env: { UPLOADS: 'false' } });
  test('no uploader is advertised and the endpoint refuses', async ({ app }) => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json<TPublicConfig>();
    expect(config.uploads).toBeNull();
    const s = await staff(app);
    expect((await s.upload({ name: 'a.png', body: PNG })).statusCode).toBe(409);
  });
});

const s3 = await startFakeS3({ accessKeyId: 'AKIDTEST', bucket: 'centinela-test' });
afterAll(async () => {
  await s3.close();
});

describe('uploads: an S3-compatible bucket', () => {
  test.override({
    env: {
      UPLOAD_S3_ENDPOINT: s3.endpoint,
      UPLOAD_S3_BUCKET: 'centinela-test',
      UPLOAD_S3_ACCESS_KEY_ID: 'AKIDTEST',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'secret',
    },
  });
  test('files go to the bucket (signed requests) and come back from it', async ({ app }) => {
    const s = await staff(app);
    const stored = await s.upload({ name: 'logo.svg', body: EVIL_SVG });
    expect(stored.statusCode, stored.body).toBe(201);
    const id = stored.json<TUpload>().id;
    const key = `${s.owner.id}/${id}`;
    expect(s3.objects.get(key)?.contentType).toBe('image/svg+xml');
    expect(s3.objects.get(key)?.body.toString()).not.toContain('<script');
    const back = await app.inject({ method: 'GET', url: `/api/v1/uploads/${id}`, headers: s.headers });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<circle');
    expect(s3.requests).toContainEqual({ method: 'PUT', path: `/centinela-test/${key}` });
  });
});

describe('deleting a person removes their files', () => {
  test('uploaded documents and downloaded call recordings go with the person; the sandbox’s shared recordings stay', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const person = await createProfile(db, m.owner.id);
    const kept = await createProfile(db, m.owner.id);
    const upload = async (profileId: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/uploads?profileId=${profileId}`,
          ...withAuth(m.headers, multipart({ name: 'cedula.png', body: PNG, type: 'image/png' })),
        })
      ).json<TUpload>();
    const [gone, stays] = [await upload(person.id), await upload(kept.id)];
    const keys = Object.fromEntries(
      (await db.select({ id: uploads.id, key: uploads.storageKey }).from(uploads)).map((u) => [u.id, u.key]),
    );
    const store = storageFor(app.config);
    expect(await store.get(keys[gone.id]!)).not.toBeNull();

    // A recording Sol downloaded for this person, and one of the sandbox's shared assets.
    const dir = recordingsDir(app.config);
    await mkdir(dir, { recursive: true });
    const recording = `${randomUUID()}.ogg`;
    await writeFile(path.join(dir, recording), 'OggS');
    const [check] = await db
      .insert(referenceChecks)
      .values({
        ownerId: m.owner.id,
        profileId: person.id,
        candidatePhone: '+573001234567',
        deadlineAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    await db.insert(references).values([
      {
        ownerId: m.owner.id,
        referenceCheckId: check!.id,
        name: 'Carolina',
        phone: '+573005550101',
        relationship: 'Jefa',
        recordingPath: `file:${recording}`,
      },
      {
        ownerId: m.owner.id,
        referenceCheckId: check!.id,
        name: 'Pedro',
        phone: '+573005550102',
        relationship: 'Colega',
        recordingPath: 'asset:es-1.ogg',
      },
    ]);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles/delete',
      headers: m.headers,
      payload: { ids: [person.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await store.get(keys[gone.id]!)).toBeNull();
    expect(existsSync(path.join(dir, recording))).toBe(false);
    expect(await store.get(keys[stays.id]!)).not.toBeNull();
    expect(existsSync(path.join(SANDBOX_ASSETS, 'es-1.ogg'))).toBe(true);
    expect((await db.select().from(uploads)).map((u) => u.id)).toEqual([stays.id]);
  });
});
