import { ZApiError } from '@centinela/shared';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { describe, expect, test } from './helper.ts';
import { assertResponseContract, watchResponseContract } from './support/response-contract.ts';

const ZCount = z.object({ count: z.number() });

describe('the response contract: every answer is what the OpenAPI document says', () => {
  test('an undocumented status, an undocumented content type and a body off its schema are each named', async ({
    app,
  }) => {
    // The same database, left open for the fixture's app to close.
    const other = await buildApp({ config: app.config, database: { ...app.database, close: async () => {} } });
    // Untyped: these handlers answer what their schemas do not allow, on purpose.
    const drifting = other as unknown as FastifyInstance;
    const route: RouteShorthandOptions = {
      config: { public: true },
      schema: { response: { 200: ZCount, 400: ZApiError } },
    };
    drifting.get('/api/v1/drift/status', route, async (_request, reply) => reply.status(418).send({ count: 1 }));
    drifting.get('/api/v1/drift/type', route, async (_request, reply) => reply.type('text/plain').send('1'));
    // A string body skips the route's serializer, as a hand-built answer does.
    drifting.get('/api/v1/drift/body', route, async (_request, reply) =>
      reply.type('application/json').send(JSON.stringify({ count: 'many' })),
    );
    drifting.get('/api/v1/drift/error', route, async (_request, reply) =>
      reply
        .status(400)
        .type('application/json')
        .send(JSON.stringify({ message: 'no code' })),
    );
    drifting.get('/api/v1/drift/none', route, async () => ({ count: 1 }));
    const contract = watchResponseContract(other);
    await other.ready();
    try {
      for (const drift of ['status', 'type', 'body', 'error', 'none'])
        await other.inject({ method: 'GET', url: `/api/v1/drift/${drift}` });
    } finally {
      await other.close();
    }

    expect(contract.violations).toEqual([
      'GET /api/v1/drift/status → 418: status 418 is not documented (200, 400, 431)',
      'GET /api/v1/drift/type → 200: content type text/plain is not documented (application/json)',
      'GET /api/v1/drift/body → 200: body/count must be number ({"type":"number"}; got "many")',
      `GET /api/v1/drift/error → 400: body must have required property 'code' ({"missingProperty":"code"}; got {"message":"no code"})`,
    ]);
    expect(() => assertResponseContract(contract)).toThrow(/drift\/status → 418/);
  });

  test('documented answers pass: JSON by its schema, an error by the ApiError component, a 204 without a body', async ({
    app,
  }) => {
    const other = await buildApp({ config: app.config, database: { ...app.database, close: async () => {} } });
    other.delete(
      '/api/v1/drift/gone',
      { config: { public: true }, schema: { response: { 204: z.undefined() } } },
      async (_request, reply) => reply.status(204).send(),
    );
    const contract = watchResponseContract(other);
    await other.ready();
    try {
      expect((await other.inject({ method: 'DELETE', url: '/api/v1/drift/gone' })).statusCode).toBe(204);
      expect((await other.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: '/api/v1/profiles' })).statusCode).toBe(401);
      expect((await other.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
    expect(contract.violations).toEqual([]);
  });
});
