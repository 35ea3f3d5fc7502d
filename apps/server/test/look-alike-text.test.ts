import { eq } from 'drizzle-orm';
import type { TCreateProfileResponse } from '@centinela/shared';
import { profiles } from '../src/db/schema/index.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

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

/** What the outside tester sent (#26): each is refused on its field, with a sentence in the caller's language. */
describe('look-alike and invisible characters in names and document numbers (#26)', () => {
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
