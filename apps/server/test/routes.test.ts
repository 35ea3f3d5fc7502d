import { buildApp } from '../src/app.ts';
import { describe, expect, test } from './helper.ts';

describe('routes and platform', () => {
  test('every /api route is listed with the scope it declares', async ({ app }) => {
    const byKey = Object.fromEntries(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.scope]));
    expect(byKey).toMatchObject({
      'POST /api/auth/login': null,
      'GET /api/auth/user': 'signed-in',
      'POST /api/v1/users/logout': 'signed-in',
      'GET /api/v1/profiles': 'profiles:read',
      'GET /api/v1/profiles/:id': 'profiles:read',
      'GET /api/health': null,
    });
  });

  test('registering an /api route without a declared scope fails', async ({ app }) => {
    const other = await buildApp({ config: app.config, database: app.database });
    expect(() => other.get('/api/v1/undeclared', async () => ({}))).toThrow(/declares neither config.scope nor config.public/);
  });

  test('a route refuses a caller whose roles lack its scope with 403', async ({ app }) => {
    const { signedIn } = await import('./factories.ts');
    const viewer = await signedIn(app, ['viewer']);
    const other = await buildApp({ config: app.config, database: app.database });
    other.get('/api/v1/needs-users-manage', { config: { scope: 'users:manage' } }, async () => ({ ok: true }));
    await other.ready();
    const response = await other.inject({ method: 'GET', url: '/api/v1/needs-users-manage', headers: viewer.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' });
  });

  test('health answers 200 with the engine; 503 before migrations', async ({ app }) => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: process.env.TEST_DB });
    const notReady = await buildApp({ config: app.config, database: app.database, isReady: () => false });
    expect((await notReady.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  });

  test('the OpenAPI document lists the routes and the docs page is served', async ({ app }) => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/user', '/api/v1/profiles', '/api/v1/profiles/{id}']));
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  test('answers carry security headers', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
