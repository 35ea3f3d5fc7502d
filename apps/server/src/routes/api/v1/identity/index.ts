import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateUsersResponse,
  ZIdentityStatusResponse,
  ZImportUsersRequest,
  ZListExternalUsersRequest,
  ZListExternalUsersResponse,
} from '@centinela/shared';
import { scimDirectory } from '../../../../domains/identity/scim.ts';
import { importExternalUsers, listExternalUsers } from '../../../../domains/identity/service.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 502);
const tags = ['identity'];
const security = [{ bearer: [] }];

/** Importing users from the external identity service (SCIM 2.0), when SCIM_BASE_URL configures one. */
const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { SCIM_BASE_URL, SCIM_TOKEN } = app.config;
  const directory =
    SCIM_BASE_URL && SCIM_TOKEN
      ? scimDirectory(SCIM_BASE_URL, SCIM_TOKEN, (error) => app.log.warn({ err: error }, 'SCIM call failed'))
      : null;

  app.get('/status', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Whether an identity service is configured',
      security,
      response: { 200: ZIdentityStatusResponse, ...errors },
    },
    handler: async () => ({ configured: directory !== null, provider: directory ? ('scim' as const) : null }),
  });

  app.get('/users', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'The identity service’s users (409 identity_not_configured without one)',
      security,
      querystring: ZListExternalUsersRequest,
      response: { 200: ZListExternalUsersResponse, ...errors },
    },
    handler: (request) => listExternalUsers(app.db, directory, request.query),
  });

  app.post('/import', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Import the chosen identity-service users as dashboard users',
      security,
      body: ZImportUsersRequest,
      response: { 200: ZCreateUsersResponse, 201: ZCreateUsersResponse, ...errors },
    },
    handler: async (request, reply) => {
      const result = await importExternalUsers(app.db, directory, {
        caller: request.caller,
        input: request.body,
        actor: request.actor,
      });
      return reply.status(result.created.length > 0 ? 201 : 200).send(result);
    },
  });
};

export default identityRoutes;
