import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiKeyParams,
  ZCreateApiKeyRequest,
  ZIssuedApiKey,
  ZListApiKeysRequest,
  ZListApiKeysResponse,
} from '@centinela/shared';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../../../domains/api-keys/service.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 422);
const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** Owner keys and users' own keys: shown once, stored as sha256, listed by prefix and last use. */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'The owner’s keys, or one user’s own keys (userId)',
      security,
      querystring: ZListApiKeysRequest,
      response: { 200: ZListApiKeysResponse, ...errors },
    },
    handler: (request) => listApiKeys(app.db, request.caller, request.query),
  });

  app.post('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Issue a key (the answer is the only time it is shown)',
      security,
      body: ZCreateApiKeyRequest,
      response: { 201: ZIssuedApiKey, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createApiKey(app.db, { caller: request.caller, input: request.body, actor: request.actor })),
  });

  app.post('/:id/rotate', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'A new secret for the key (same id; the old secret stops working)',
      security,
      params: ZApiKeyParams,
      response: { 201: ZIssuedApiKey, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await rotateApiKey(app.db, { caller: request.caller, id: request.params.id, actor: request.actor })),
  });

  app.delete('/:id', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Revoke a key',
      security,
      params: ZApiKeyParams,
      response: { 204: z.undefined().describe('Revoked'), ...errors },
    },
    handler: async (request, reply) => {
      await revokeApiKey(app.db, { caller: request.caller, id: request.params.id, actor: request.actor });
      return reply.status(204).send();
    },
  });
};

export default apiKeysRoutes;
