import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

const login = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  headers,
  payload,
});

describe('bad input answers 4xx { code, message }, never 500', () => {
  test('malformed JSON', async ({ app }) => {
    const response = await app.inject(login('{"email": "a@b.test", '));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  test('an empty JSON body', async ({ app }) => {
    const response = await app.inject(login(''));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
  });

  test('wrong types name the field', async ({ app }) => {
    const response = await app.inject(login(JSON.stringify({ email: 42, password: ['x'] })));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toBe('Invalid field value');
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.email', 'body.password']);
  });

  test('unknown fields are refused, not ignored', async ({ app }) => {
    const response = await app.inject(login(JSON.stringify({ email: 'a@b.test', password: 'x', admin: true })));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(JSON.stringify(response.json().issues)).toContain('admin');
  });

  test('a body over the limit is 413', async ({ app }) => {
    const huge = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await app.inject(login(huge));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'body_too_large', message: 'The request body is too large.' });
  });

  test('a content type other than JSON is 415', async ({ app }) => {
    const response = await app.inject(login('email=a', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  test('bad query strings and path parameters', async ({ app }) => {
    const { headers } = await signedIn(app);
    for (const url of [
      '/api/v1/profiles?limit=abc',
      '/api/v1/profiles?limit=100000',
      '/api/v1/profiles?status=NOPE',
      '/api/v1/profiles?country=zz',
      '/api/v1/profiles?unknown=1',
      '/api/v1/profiles?cursor=not-a-cursor',
      '/api/v1/profiles/not-a-uuid',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('validation_failed');
    }
  });

  test('unknown routes answer a JSON 404, in the caller’s language', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'route_not_found', message: 'Route GET /api/v1/nothing-here not found' });
    const es = await app.inject({ method: 'DELETE', url: '/api/v1/nothing', headers: { 'accept-language': 'es' } });
    expect(es.json().message).toBe('La ruta DELETE /api/v1/nothing no existe');
  });

  // Found by the fuzzer (test/fuzz.test.ts): each answered a 500 or Fastify's own error body.
  test('text PostgreSQL cannot store, undecodable URLs and over-long path parameters', async ({ app }) => {
    const { headers } = await signedIn(app);
    for (const url of [
      '/api/v1/profiles?q=a%00b',
      '/api/v1/profiles?q=%ED%A0%80',
      '/api/v1/owners?q=a%E0',
      '/api/v1/profiles/%ED%A0%80',
      `/api/v1/profiles/${'x'.repeat(101)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect([400, 414], url).toContain(response.statusCode);
      expect(Object.keys(response.json()).sort(), url).toEqual(expect.arrayContaining(['code', 'message']));
      expect(['validation_failed', 'bad_request', 'uri_too_long'], url).toContain(response.json().code);
    }
  });
});
