import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZApiError } from '@centinela/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishDocument } from './openapi/finish.ts';
import { describeOperation } from './openapi/operation.ts';

// Every error answer is this one schema: a named component, so generated clients get one `ApiError` type.
if (!z.globalRegistry.has(ZApiError)) z.globalRegistry.add(ZApiError, { id: 'ApiError' });

/**
 * The OpenAPI document is generated from the routes' zod schemas and what plugins/openapi/operation.ts
 * reads from each route; the docs page is /api/docs, the document /api/docs/json (docs/openapi.json).
 */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Centinela API',
          description:
            'Identity verification and background checks. Errors are always `{ code, message }` (plus `http_code` for API-key callers). Client systems authenticate with `x-api-key`; see docs/api.md.',
          version: '1.0.0',
        },
        // Each deployment has its own address; clients name it (openapi-fetch's `baseUrl`).
        servers: [
          {
            url: '{origin}',
            description: 'Your Centinela server',
            variables: { origin: { default: 'http://localhost:3000' } },
          },
        ],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            // Client systems. Errors to them also carry `http_code`; RateLimit-* headers on every answer.
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          },
        },
      },
      transform: describeOperation,
      transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as OpenAPIV3.Document),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
  },
  { name: 'openapi' },
);
