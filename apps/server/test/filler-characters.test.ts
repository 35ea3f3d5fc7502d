import { eq } from 'drizzle-orm';
import { type TFormLink } from '@centinela/shared';
import { profiles } from '../src/db/schema/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { candidateAnswers } from './support/forms.ts';
import { upload } from './support/csv.ts';
import { createPipeline } from './support/profiles-fixtures.ts';

type Issue = { path: string; message: string };

/** Fillers that show as a space but glue the words into one no list holds, and characters of one font only. */
const FILLED = [
  'Joaquin\u3164Guzman Loera',
  'Joaquin\u115FGuzman Loera',
  'Joaquin\uFFA0Guzman Loera',
  'Joaquin\u2800Guzman Loera',
  'Joaquin Guzman\uE000 Loera',
];

const nameIssue = (body: string, path: string) =>
  (JSON.parse(body) as { issues?: Issue[] }).issues?.find((i) => i.path === path)?.message;

describe('names with fillers or private-use characters are refused on every path that takes one', () => {
  test(
    'dashboard and API (create, edit), public form, screening: 400 on the name, nothing stored',
    { timeout: 120_000 },
    async ({ app, db }) => {
      const m = await signedIn(app, ['manager']);
      const person = await createProfile(db, m.owner.id, { name: 'Ana Gómez', documentId: '1020304050' });
      const pipeline = await createPipeline(app.db, m.owner.id, { name: 'Ingreso', reportTypes: ['criminal_records'] });
      const link = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/forms',
          headers: m.headers,
          payload: { pipelineId: pipeline.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
        })
      ).json<TFormLink>();

      for (const name of FILLED) {
        const created = await app.inject({
          method: 'POST',
          url: '/api/v1/profiles',
          headers: m.headers,
          payload: {
            kind: 'candidate',
            country: 'co',
            documentType: 'national_id',
            documentId: '1020304051',
            name,
            reportTypes: ['criminal_records'],
          },
        });
        expect(created.statusCode, name).toBe(400);
        expect(nameIssue(created.body, 'body.name'), name).toMatch(/invisible or control characters/);

        const edited = await app.inject({
          method: 'PATCH',
          url: `/api/v1/profiles/${person.id}/person`,
          headers: { ...m.headers, 'accept-language': 'es' },
          payload: { name },
        });
        expect(edited.statusCode, name).toBe(400);
        expect(nameIssue(edited.body, 'body.name'), name).toMatch(/caracteres invisibles o de control/);

        const submitted = await app.inject({
          method: 'POST',
          url: `/api/v1/public/forms/${link.code}`,
          headers: { 'user-agent': 'test-browser', 'accept-language': 'es' },
          payload: candidateAnswers({ name, documentId: '1020304052', issueDate: '2015-03-02' }),
        });
        expect(submitted.statusCode, name).toBe(400);
        expect(nameIssue(submitted.body, 'body.name'), name).toMatch(/caracteres invisibles o de control/);

        const screened = await app.inject({
          method: 'POST',
          url: '/api/v1/watchlists/screen',
          headers: m.headers,
          payload: { name },
        });
        expect(screened.statusCode, name).toBe(400);
        expect(nameIssue(screened.body, 'body.name'), name).toMatch(/invisible or control characters/);
      }
      const stored = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.ownerId, m.owner.id));
      expect(stored).toEqual([{ name: 'Ana Gómez' }]);
    },
  );

  test(
    'CSV import: the line fails on its name with hidden_characters, the others are imported',
    { timeout: 120_000 },
    async ({ app }) => {
      const { headers } = await signedIn(app);
      const lines = ['Cédula;Nombre', '1020304050;Ana Gómez', ...FILLED.map((name, i) => `${1020304060 + i};${name}`)];
      const uploaded = await upload(app, headers, `${lines.join('\r\n')}\r\n`);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { job } = uploaded.json<{ job: { id: string } }>();
      const started = await app.inject({
        method: 'POST',
        url: `/api/v1/csv/jobs/${job.id}/start`,
        headers,
        payload: {
          country: 'co',
          mode: 'advanced',
          reportTypes: ['criminal_records'],
          mapping: { documentId: 'Cédula', name: 'Nombre' },
        },
      });
      expect(started.statusCode, started.body).toBe(200);
      await app.csv.runner.drain();
      const detail = (await app.inject({ method: 'GET', url: `/api/v1/csv/jobs/${job.id}`, headers })).json<{
        succeeded: number;
        failures: { line: number; field: string | null; code: string }[];
      }>();
      expect(detail.succeeded).toBe(1);
      expect(detail.failures.map(({ line, field, code }) => ({ line, field, code }))).toEqual(
        FILLED.map((_, i) => ({ line: i + 3, field: 'name', code: 'hidden_characters' })),
      );
    },
  );
});
