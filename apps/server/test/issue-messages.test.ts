import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { fixture, upload } from './support/csv.ts';
import { keyLikeIssueMessages } from './support/issue-words.ts';

/**
 * Every `issues[].message` is a sentence in the caller's language (Accept-Language), with
 * its `key` kept for clients that word it themselves. Brazilian browsers send pt-BR: Portuguese.
 */
const LANGUAGES = [
  ['en', 'en-US,en;q=0.9'],
  ['es', 'es-CO,es;q=0.9'],
  ['pt', 'pt-BR,pt;q=0.9,en;q=0.5'],
] as const;

const candidate = (extra: Record<string, unknown>) => ({
  kind: 'candidate',
  country: 'co',
  documentType: 'national_id',
  documentId: '1020304050',
  name: 'Ana Gómez',
  ...extra,
});

describe('issue messages are sentences in the caller’s language', () => {
  test.for(LANGUAGES)(
    'a validation error (%s): the schema’s key and a general rule, worded',
    async ([lang, accept], { app }) => {
      const { headers } = await signedIn(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/profiles',
        headers: { ...headers, 'accept-language': accept },
        payload: candidate({ name: '', reportTypes: undefined }),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(keyLikeIssueMessages(body)).toEqual([]);
      expect(body.issues).toContainEqual({
        path: 'body.reportTypes',
        code: 'custom',
        key: 'profiles.validation.pipelineOrReports',
        message: {
          en: 'Choose a pipeline or at least one report.',
          es: 'Elija un flujo o al menos un informe.',
          pt: 'Escolha um fluxo ou pelo menos um relatório.',
        }[lang],
      });
      expect(body.issues).toContainEqual(
        expect.objectContaining({
          path: 'body.name',
          key: 'validation.required',
          message: {
            en: 'Name is required.',
            es: 'El campo name es obligatorio.',
            pt: 'O campo name é obrigatório.',
          }[lang],
        }),
      );
    },
  );

  test.for(LANGUAGES)('a CSV file refused (%s): the reason, worded', async ([lang, accept], { app }) => {
    const { headers } = await signedIn(app);
    const response = await upload(app, { ...headers, 'accept-language': accept }, fixture('unclosed-quote.csv'));
    expect(response.statusCode).toBe(422);
    expect(response.json().issues).toEqual([
      {
        path: 'line.3',
        code: 'unparsable',
        key: 'csvImport.problems.unparsable',
        message: {
          en: 'A quote is not closed or a row is malformed.',
          es: 'Hay comillas sin cerrar o una fila mal formada.',
          pt: 'Há aspas não fechadas ou uma linha malformada.',
        }[lang],
      },
    ]);
  });

  test.for(LANGUAGES)('a profile the domain refuses to create (%s): why, worded', async ([lang, accept], { app }) => {
    const { headers } = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...headers, 'accept-language': accept },
      payload: candidate({ pipelineId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'profile_create_failed',
      message: {
        en: 'Unable to create profile.',
        es: 'No se pudo crear el perfil.',
        pt: 'Não foi possível criar o perfil.',
      }[lang],
      issues: [
        {
          path: 'body.pipelineId',
          code: 'not_found',
          key: 'profiles.validation.pipelineNotFound',
          message: { en: 'This pipeline does not exist.', es: 'Este flujo no existe.', pt: 'Este fluxo não existe.' }[
            lang
          ],
        },
      ],
    });
  });

  test('a general rule sends its placeholders with its key', async ({ app }) => {
    const { headers } = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: { ...headers, 'accept-language': 'es' },
      payload: candidate({ name: 'x'.repeat(500), reportTypes: ['criminal_records'] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      {
        path: 'body.name',
        code: 'too_big',
        key: 'validation.max_length',
        params: { max: expect.any(Number), count: expect.any(Number) },
        message: expect.stringMatching(/^El campo name debe tener como máximo \d+ caracteres\.$/),
      },
    ]);
  });

  test('an API error in Portuguese for pt-BR, English for a language the interface does not speak', async ({ app }) => {
    const signInMessage = async (accept: string) =>
      (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'accept-language': accept } })).json()
        .message;
    expect(await signInMessage('pt-BR')).toBe('Entre para continuar.');
    expect(await signInMessage('fr-FR,pt;q=0.8,es;q=0.5')).toBe('Entre para continuar.');
    expect(await signInMessage('fr-FR,fr;q=0.9')).toBe('Please sign in to continue.');
  });
});
