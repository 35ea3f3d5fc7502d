import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { freshDatabase } from './database.ts';
import { describe, expect, test, testConfig } from './helper.ts';
import { startRedis } from './support/processes.ts';

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
    expect(() => other.get('/api/v1/undeclared', async () => ({}))).toThrow(
      /declares neither config.scope nor config.public/,
    );
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

  test('liveness answers without the database; readiness checks it, its migrations, and drains', async ({ app }) => {
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'off' } });

    let draining = false;
    const other = await buildApp({ config: app.config, database: app.database, isDraining: () => draining });
    expect((await other.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    draining = true;
    const drained = await other.inject({ method: 'GET', url: '/api/health/ready' });
    expect(drained.statusCode).toBe(503);
    expect(drained.json()).toMatchObject({ status: 'draining' });
    // Liveness stays up while the process drains: the orchestrator must not kill it early.
    expect((await other.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  test('readiness fails while a migration this release ships is not applied, and with no database', async ({
    skip,
  }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable');
    const app = await buildApp({ config: testConfig(), database: fresh.database });
    try {
      // The record of the last migration gone: as if this release's newest migration had not run yet.
      await app.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const pending = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'failing', redis: 'off' },
      });
      await fresh.database.close();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ checks: { database: 'failing' } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
      await fresh.drop();
    }
  });

  test('readiness checks Redis when REDIS_URL is set, and fails once it stops', async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable');
    // A Redis of this test's own (Debian's redis-server), so it can be stopped under the app.
    const redis = await startRedis();
    const app = await buildApp({ config: testConfig({ REDIS_URL: redis.url }), database: fresh.database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', migrations: 'ok', redis: 'ok' },
      });
      await redis.stop();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', redis: 'failing' },
      });
    } finally {
      await app.close();
      await redis.stop();
      await fresh.drop();
    }
  });

  test('the OpenAPI document lists the routes and the docs page is served', async ({ app }) => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/user', '/api/v1/profiles', '/api/v1/profiles/{id}']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  test('answers carry security headers', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only where TLS is terminated in front (production); never on a developer's http://localhost.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // CORS is closed: no cross-origin reads are granted, not even to a preflight.
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/profiles',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('production answers carry HSTS', async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable');
    const app = await buildApp({
      config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://centinela.test' }),
      database: fresh.database,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
      await fresh.drop();
    }
  });
});
