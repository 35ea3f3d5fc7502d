import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZApiKeyParams, ZCreateApiKeyRequest, ZIssuedApiKey, ZListApiKeysRequest, ZListApiKeysResponse } from '@centinela/shared';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../../../domains/api-keys/service.ts';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** Owner keys and users' own keys: shown once, stored as sha256, listed by prefix and last use. */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'The owner’s keys, or one user’s own keys (userId)', security, querystring: ZListApiKeysRequest, response: { 200: ZListApiKeysResponse, ...errors } },
    handler: (request) => listApiKeys(app.db, callerOf(request), request.query),
  });

  app.post('/', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Issue a key (the answer is the only time it is shown)', security, body: ZCreateApiKeyRequest, response: { 201: ZIssuedApiKey, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createApiKey(app.db, { caller: callerOf(request), input: request.body, actor: actorOf(request) })),
  });

  app.post('/:id/rotate', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Revoke a key and issue its replacement', security, params: ZApiKeyParams, response: { 201: ZIssuedApiKey, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await rotateApiKey(app.db, { caller: callerOf(request), id: request.params.id, actor: actorOf(request) })),
  });

  app.delete('/:id', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Revoke a key', security, params: ZApiKeyParams, response: { 204: z.null().describe('Revoked'), ...errors } },
    handler: async (request, reply) => {
      await revokeApiKey(app.db, { caller: callerOf(request), id: request.params.id, actor: actorOf(request) });
      return reply.status(204).send(null);
    },
  });
};

export default apiKeysRoutes;
