import { eq } from 'drizzle-orm';
import { type TCreateProfileResponse } from '@centinela/shared';
import { privacyRequests, profiles } from '../src/db/schema/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { candidateAnswers } from './support/forms.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

const candidate = (extra: Record<string, unknown> = {}) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId: '1020304050',
  name: 'Ana Gómez',
  reportTypes: ['criminal_records'],
  ...extra,
});

type Issue = { path: string; message: string };

/** What the outside tester sent: each is refused on its field, with a sentence in the caller's language. */
describe('look-alike and invisible characters in names and document numbers', () => {
  test('a right-to-left override or a zero-width space in a name, Devanagari digits in a cédula: 400 on the field', async ({
    app,
    db,
  }) => {
    const a = await signedIn(app);
    const cases = [
      { payload: candidate({ name: 'Ana \u202Ezemóg' }), path: 'body.name', en: /invisible or control characters/ },
      { payload: candidate({ name: 'Ana\u200BGómez' }), path: 'body.name', en: /invisible or control characters/ },
      { payload: candidate({ name: 'Ana Go\u0301\u0301mez' }), path: 'body.name', en: /accent mark/ },
      { payload: candidate({ documentId: '१०२०३०४०५०' }), path: 'body.documentId', en: /letters A–Z and Ñ/ },
    ];
    for (const { payload, path, en } of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: a.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const issue = response.json<{ issues: Issue[] }>().issues.find((i) => i.path === path);
      expect(issue?.message).toMatch(en);
    }
    const es = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...a.headers, 'accept-language': 'es' },
      payload: candidate({ name: 'Ana \u202Ezemóg' }),
    });
    expect(es.json<{ issues: Issue[] }>().issues.find((i) => i.path === 'body.name')?.message).toMatch(
      /caracteres invisibles o de control/,
    );
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, a.owner.id))).toEqual([]);
  });

  test('a name typed with decomposed accents is stored composed (NFC), so it finds its twin', async ({ app, db }) => {
    const a = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: candidate({ name: 'Jose\u0301 Nun\u0303ez' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<TCreateProfileResponse>().profile;
    const [stored] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(stored!.name).toBe('José Nuñez');
  });
});

/** One character of each invisible class the attack run stored (soft hyphen … variation selectors). */
const INVISIBLE_CLASSES = {
  'soft hyphen': '\u00AD',
  'Mongolian vowel separator': '\u180E',
  'tag character': '\u{E0041}',
  'interlinear annotation': '\uFFF9',
  'variation selector': '\uFE0F',
  'supplementary variation selector': '\u{E0100}',
};

describe('invisible characters in hold reasons and corrections', () => {
  test('a hold reason with any of them: 400 on the field, nothing held; an emoji’s own selector is kept', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const person = await createProfile(db, m.owner.id);
    const hold = (reason: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/profiles/${person.id}/hold`, headers: m.headers, payload: { reason } });
    for (const [name, char] of Object.entries(INVISIBLE_CLASSES)) {
      const response = await hold(`Demanda${char} laboral`);
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ issues: Issue[] }>().issues[0]).toMatchObject({
        path: 'body.reason',
        message: expect.stringMatching(/invisible or control characters/),
      });
    }
    const [unheld] = await db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(unheld!.legalHoldReason ?? null).toBeNull();
    expect((await hold('⚠️ Demanda laboral 2026-114')).statusCode).toBe(200);
  });

  test('a candidate’s correction with any of them: 400 in their language, no task created', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const pipeline = await createPipeline(db, m.owner.id, { name: 'Ingreso', reportTypes: ['criminal_records'] });
    const link = await app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: m.headers,
      payload: { pipelineId: pipeline.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const filled = await app.inject({
      method: 'POST',
      url: `/api/v1/public/forms/${link.json<{ code: string }>().code}`,
      payload: candidateAnswers(),
    });
    const code = filled.json<{ candidatePath: string }>().candidatePath.split('/').at(-1)!;
    for (const [name, char] of Object.entries(INVISIBLE_CLASSES)) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/public/candidate/${code}/corrections`,
        headers: { 'accept-language': 'es' },
        payload: { message: `Mi fecha${char} de nacimiento es 1990-04-12` },
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ issues: Issue[] }>().issues[0]?.message).toMatch(/caracteres invisibles o de control/);
    }
    expect(await db.select().from(privacyRequests)).toEqual([]);
  });
});
