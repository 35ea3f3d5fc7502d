import { afterAll, describe, expect, test } from 'vitest';
import { ROLES, SCOPES } from '@centinela/shared';
import type { ApiRoute } from '../src/plugins/auth.ts';
import { eq } from 'drizzle-orm';
import { profiles as profilesTable } from '../src/db/schema/index.ts';
import { ApiError } from '../src/lib/api-error.ts';
import { expected } from './support/expectations.ts';
import { cellName, cellsOf, checkCell } from './support/matrix.ts';
import { pathParams } from './support/requests.ts';
import { openWorld, routeKey, type Persona } from './support/world.ts';

/**
 * Every /api route × every persona × own / other tenant, generated from `app.apiRoutes`
 * and the scope each route declares. One app and one seeded database for the whole file; each cell
 * makes its own objects and its own session, so cells never depend on each other.
 */
const world = await openWorld();
afterAll(async () => {
  await world?.close();
});

/**
 * The routes anyone may call. Making a route public is a security decision: add it here on purpose.
 * (Everything else must declare a scope; the server refuses to start on a route declaring neither.)
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'HEAD /api/health',
  // The load balancer's probes (they carry no data beyond ok / failing).
  'GET /api/health/live',
  'HEAD /api/health/live',
  'GET /api/health/ready',
  'HEAD /api/health/ready',
  'GET /api/config',
  'HEAD /api/config',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/oidc/token',
  'POST /api/auth/oidc/refresh',
  // The candidate's data-collection form (rate-limited per IP and per code).
  'GET /api/v1/public/forms/:code',
  'HEAD /api/v1/public/forms/:code',
  'POST /api/v1/public/forms/:code',
  'POST /api/v1/public/forms/:code/uploads',
  // The identity step's pictures, behind the same form code (quick check stores nothing; pictures bounded).
  'POST /api/v1/public/forms/:code/identity/check',
  'POST /api/v1/public/forms/:code/identity/pictures',
  // Sol's provider webhooks, authenticated by the provider's signature (WhatsApp, voice).
  'GET /api/v1/sol/webhooks/whatsapp',
  'HEAD /api/v1/sol/webhooks/whatsapp',
  'POST /api/v1/sol/webhooks/whatsapp',
  'POST /api/v1/sol/webhooks/voice',
  // A PDF report's verification page (issuer, date and hash only; rate-limited per IP).
  'GET /api/v1/verify/:code',
  'HEAD /api/v1/verify/:code',
  'POST /api/v1/verify/:code',
  // The candidate's own page, behind a code only they were given (100 bits; rate-limited per IP).
  'GET /api/v1/public/candidate/:code',
  'HEAD /api/v1/public/candidate/:code',
  'POST /api/v1/public/candidate/:code/corrections',
  'POST /api/v1/public/candidate/:code/uploads',
  'POST /api/v1/public/candidate/:code/exports',
  'GET /api/v1/public/candidate/:code/exports/:id',
  'POST /api/v1/public/candidate/:code/withdraw',
  // The same identity step on the candidate's own page, behind its code.
  'POST /api/v1/public/candidate/:code/identity/check',
  'POST /api/v1/public/candidate/:code/identity/pictures',
  'POST /api/v1/public/candidate/:code/identity/submit',
]);

const routes: ApiRoute[] = world?.routes ?? [];
const personas: Persona[] = world?.personas ?? [];
const reply404 = () => {
  throw new ApiError(404, 'not_found');
};

describe.skipIf(!world)('authorization matrix', () => {
  test('every /api route declares a known scope, or is public on purpose', () => {
    expect(routes.length).toBeGreaterThan(0);
    const allowed: string[] = [...SCOPES, 'signed-in'];
    for (const route of routes) {
      const key = routeKey(route);
      if (route.public) {
        expect(PUBLIC_ROUTES.has(key), `${key} is public but not in PUBLIC_ROUTES`).toBe(true);
        expect(route.scope, `${key} is public and scoped`).toBeNull();
      } else {
        expect(route.scope, `${key} declares no scope`).not.toBeNull();
        expect(allowed, `${key} declares an unknown scope`).toContain(route.scope);
      }
    }
  });

  test('the personas cover every role, anonymous, invalid credentials and refused accounts', () => {
    const names = personas.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        ...ROLES,
        'anonymous',
        'invalid token',
        'forged JWT',
        'API key',
        'inactive user',
        'user of an inactive owner',
        'owner API key',
        'user API key',
        'revoked API key',
        'API key of an inactive owner',
      ]),
    );
  });

  test('every path parameter has a fixture', () => {
    const missing = routes.flatMap((r) =>
      pathParams(r.url)
        .filter((p) => !p.fixture)
        .map((p) => `${routeKey(r)} :${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  describe.for(routes.map((route) => [routeKey(route), route] as const))('%s', ([, route]) => {
    test.for(cellsOf(route, personas).map((cell) => [cellName(cell), cell] as const))('%s', async ([, cell]) => {
      expect(await checkCell(world!, route, cell)).toEqual([]);
    });
  });

  test('the matrix notices a route that ignores tenancy, or lets the wrong caller in', async () => {
    // A second app with two deliberately broken routes: the harness must fail their cells.
    const broken = await openWorld((app) => {
      app.get('/api/v1/profiles/:id/leaky', { config: { scope: 'profiles:read' } }, async (request) => {
        const { id } = request.params as { id: string };
        const [row] = await app.db.select().from(profilesTable).where(eq(profilesTable.id, id));
        return row ? { id: row.id, name: row.name } : reply404();
      });
      app.get('/api/v1/everyone', { config: { scope: 'signed-in' } }, async () => ({ ok: true }));
    });
    try {
      const w = broken!;
      const find = (url: string) => w.routes.find((r) => r.url === url && r.method === 'GET')!;
      // Declared 'signed-in' but checked against users:manage: every role is let in where the matrix expects a refusal.
      const everyone = { ...find('/api/v1/everyone'), scope: 'users:manage' as const };
      const viewer = w.personas.find((p) => p.name === 'viewer')!;
      expect(
        await checkCell(w, everyone, { persona: viewer, tenant: null, expect: expected(everyone, viewer, null) }),
      ).not.toEqual([]);
      const leaky = find('/api/v1/profiles/:id/leaky');
      const problems = await checkCell(w, leaky, {
        persona: viewer,
        tenant: 'other',
        expect: expected(leaky, viewer, 'other'),
      });
      expect(problems.join('\n')).toMatch(/answered 200, expected 404/);
      expect(
        await checkCell(w, leaky, { persona: viewer, tenant: 'own', expect: expected(leaky, viewer, 'own') }),
      ).toEqual([]);
    } finally {
      await broken?.close();
    }
  });
});
