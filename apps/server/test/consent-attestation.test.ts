import { and, eq } from 'drizzle-orm';
import {
  CONSENT_VERSION,
  ERROR_MESSAGES,
  type TCreateProfileResponse,
  type TGetProfileResponse,
} from '@centinela/shared';
import { auditEvents, csvJobs, profiles } from '../src/db/schema/index.ts';
import type { App } from '../src/app.ts';
import { createApiKey, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { upload } from './support/csv.ts';
import { staff } from './support/management.ts';
import { candidateAnswers, createFormLink } from './support/forms.ts';
import { multipart, PNG } from './support/multipart.ts';

const candidate = (extra: Record<string, unknown> = {}) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId: '1020304050',
  name: 'Ana Gómez',
  reportTypes: ['criminal_records'],
  ...extra,
});
const attestation = { attested: true, consentVersion: CONSENT_VERSION };
const REFUSED_ES = ERROR_MESSAGES.consent_attestation_required.es;

/** An owner (requiring attestations or not) with a signed-in manager and an API key of the owner. */
async function client(app: App, required: boolean) {
  const m = await signedIn(app, ['manager'], { consentAttestationRequired: required });
  const key = await createApiKey(app.db, m.owner.id, { name: 'ERP' });
  return { ...m, key, api: { 'x-api-key': key.key } };
}

const create = (app: App, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/profiles', headers, payload });

describe('consent attestation: dashboard and API', () => {
  test('required: without an attestation the API and the dashboard get 422 in the caller language, nothing created', async ({
    app,
    db,
  }) => {
    const c = await client(app, true);
    for (const headers of [c.api, c.headers]) {
      const refused = await create(app, { ...headers, 'accept-language': 'es' }, candidate());
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'consent_attestation_required', message: REFUSED_ES });
    }
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id))).toEqual([]);
    // `attested` must be true: false is no attestation.
    const untrue = await create(app, c.api, candidate({ consentAttestation: { ...attestation, attested: false } }));
    expect(untrue.statusCode).toBe(400);
  });

  test('an API key attests: the key and the server clock are stored, a client-sent actor and time are dropped', async ({
    app,
    db,
  }) => {
    const c = await client(app, true);
    const other = await signedIn(app, ['manager']);
    const sent = await create(
      app,
      c.api,
      candidate({
        consentAttestation: { ...attestation, attestedAt: '2001-01-01T00:00:00.000Z', attestedBy: other.user.id },
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const { profile } = sent.json<TCreateProfileResponse>();
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({
      consentVersion: CONSENT_VERSION,
      consentAttestedKeyId: c.key.id,
      consentAttestedBy: null,
    });
    // The server's instant: the one the person was created at, not the client's.
    expect(row!.consentAttestedAt).toEqual(row!.createdAt);
    expect(profile.consent).toEqual({
      how: 'attested',
      version: CONSENT_VERSION,
      at: profile.createdAt,
      by: 'ERP',
      document: null,
    });
    const [audited] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile.create'), eq(auditEvents.entityId, profile.id)));
    expect(audited!.changes).toMatchObject({ consentAttested: CONSENT_VERSION, apiKeyId: c.key.id });
  });

  test('not required: the dashboard may attest (the user is recorded) or not (consent not recorded)', async ({
    app,
    db,
  }) => {
    const c = await client(app, false);
    const plain = await create(app, c.headers, candidate());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<TCreateProfileResponse>().profile.consent).toBeNull();

    const attested = await create(
      app,
      c.headers,
      candidate({ documentId: '1020304051', consentAttestation: attestation }),
    );
    expect(attested.statusCode, attested.body).toBe(201);
    const { profile } = attested.json<TCreateProfileResponse>();
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({ consentAttestedBy: c.user.id, consentAttestedKeyId: null });
    const read = await app.inject({ method: 'GET', url: `/api/v1/profiles/${profile.id}`, headers: c.headers });
    expect(read.json<TGetProfileResponse>().consent).toEqual({
      how: 'attested',
      version: CONSENT_VERSION,
      at: profile.createdAt,
      by: c.user.username,
      document: null,
    });
  });

  test("a form's person shows the candidate's own consent, even when the owner requires attestations", async ({
    app,
    db,
  }) => {
    const c = await client(app, true);
    const link = await createFormLink(db, c.owner.id);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${link.code}`,
      payload: candidateAnswers({ issueDate: '2015-03-02' }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [person] = await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id));
    const read = await app.inject({ method: 'GET', url: `/api/v1/profiles/${person!.id}`, headers: c.headers });
    expect(read.json<TGetProfileResponse>().consent).toMatchObject({ how: 'form', version: CONSENT_VERSION });
  });
});

describe('consent attestation: CSV import', () => {
  const start = (app: App, headers: Record<string, string>, jobId: string, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/csv/jobs/${jobId}/start`,
      headers,
      payload: {
        country: 'co',
        mode: 'advanced',
        reportTypes: ['criminal_records'],
        mapping: { documentId: 'Cédula', name: 'Nombre' },
        ...extra,
      },
    });
  const FILE = 'Cédula;Nombre\r\n1020304050;Ana Gómez\r\n1020304051;Luis Díaz\r\n';

  test('required: the start is refused without the attestation; with it every person of the file carries it', async ({
    app,
    db,
  }) => {
    const c = await client(app, true);
    const { job } = (await upload(app, c.headers, FILE)).json();
    const refused = await start(app, { ...c.headers, 'accept-language': 'es' }, job.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'consent_attestation_required', message: REFUSED_ES });
    const [still] = await db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    expect(still!.status).toBe('uploaded');

    const started = await start(app, c.headers, job.id, {
      consentAttestation: { ...attestation, attestedAt: '2001-01-01T00:00:00.000Z' },
    });
    expect(started.statusCode, started.body).toBe(200);
    await app.csv.runner.drain();
    const [ran] = await db.select().from(csvJobs).where(eq(csvJobs.id, job.id));
    expect(ran!.consentAttestedAt).toEqual(ran!.startedAt);
    const persons = await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id));
    expect(persons).toHaveLength(2);
    for (const p of persons) {
      expect(p).toMatchObject({ consentVersion: CONSENT_VERSION, consentAttestedBy: c.user.id });
      expect(p.consentAttestedAt).toEqual(ran!.startedAt);
    }
  });

  test('not required: a start without an attestation imports persons with none recorded', async ({ app, db }) => {
    const c = await client(app, false);
    const { job } = (await upload(app, c.headers, FILE)).json();
    expect((await start(app, c.headers, job.id)).statusCode).toBe(200);
    await app.csv.runner.drain();
    const persons = await db.select().from(profiles).where(eq(profiles.ownerId, c.owner.id));
    expect(persons.map((p) => [p.consentVersion, p.consentAttestedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('consent attestation: the owner setting', () => {
  test('platform staff set it on the owner; it reads back and the navbar tells the owner', async ({ app }) => {
    const c = await client(app, false);
    const admin = await staff(app, 'admin');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${c.owner.id}`,
      headers: admin.headers,
      payload: { consentAttestationRequired: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ consentAttestationRequired: true });
    const navbar = await app.inject({ method: 'GET', url: '/api/v1/metrics/navbar', headers: c.headers });
    expect(navbar.json()).toMatchObject({ consentAttestationRequired: true });
    const refused = await create(app, c.api, candidate());
    expect(refused.json()).toMatchObject({ code: 'consent_attestation_required' });
  });
});

describe('the signed consent document of an attestation', () => {
  const attach = (app: App, headers: Record<string, string>, id: string, uploadId: string | null) =>
    app.inject({ method: 'PUT', url: `/api/v1/profiles/${id}/consent-document`, headers, payload: { uploadId } });
  const uploadFor = async (app: App, headers: Record<string, string>, profileId: string, name: string) => {
    const file = multipart({ name, body: PNG, type: 'image/png' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/uploads?profileId=${profileId}`,
      headers: { ...headers, ...file.headers },
      payload: file.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  test("one of the person's uploads becomes the signed document; another replaces it; null detaches it", async ({
    app,
    db,
  }) => {
    const c = await client(app, false);
    const created = await create(app, c.headers, candidate({ consentAttestation: attestation }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<TCreateProfileResponse>().profile.id;
    const first = await uploadFor(app, c.headers, id, 'consentimiento-firmado.png');
    const second = await uploadFor(app, c.headers, id, 'consentimiento-v2.png');

    const set = await attach(app, c.headers, id, first);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      consent: { how: 'attested', document: { id: first, fileName: 'consentimiento-firmado.png' } },
    });
    expect((await attach(app, c.headers, id, second)).json()).toMatchObject({ consent: { document: { id: second } } });
    const person = await app.inject({ method: 'GET', url: `/api/v1/profiles/${id}`, headers: c.headers });
    expect(person.json<TGetProfileResponse>().consent?.document).toEqual({
      id: second,
      fileName: 'consentimiento-v2.png',
    });
    expect((await attach(app, c.headers, id, null)).json()).toMatchObject({ consent: { document: null } });
    const trail = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'profile.consent_document')));
    expect(trail).toHaveLength(3);
  });

  test("another person's upload, a person without an attestation and another owner's person are refused", async ({
    app,
  }) => {
    const c = await client(app, false);
    const attested = (
      await create(app, c.headers, candidate({ consentAttestation: attestation }))
    ).json<TCreateProfileResponse>().profile.id;
    const bare = (await create(app, c.headers, candidate({ documentId: '1020304059' }))).json<TCreateProfileResponse>()
      .profile.id;
    const elsewhere = await uploadFor(app, c.headers, bare, 'otra.png');
    const wrong = await attach(app, { ...c.headers, 'accept-language': 'es' }, attested, elsewhere);
    expect(wrong.statusCode, wrong.body).toBe(422);
    const unattested = await attach(app, c.headers, bare, elsewhere);
    expect(unattested.statusCode).toBe(409);
    expect(unattested.json()).toMatchObject({ code: 'consent_not_attested' });
    const stranger = await signedIn(app, ['manager']);
    expect((await attach(app, stranger.headers, attested, null)).statusCode).toBe(404);
  });
});
