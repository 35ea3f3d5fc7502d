import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZListProfilesQuery, ZListProfilesResponse, ZProfileParams, ZProfileSummary } from '@centinela/shared';
import { getProfile, listProfiles, toProfileSummary } from '../../../../domains/profiles/repository.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: { tags: ['profiles'], summary: 'List persons, newest first', security: [{ bearer: [] }], querystring: ZListProfilesQuery, response: { 200: ZListProfilesResponse, ...errors } },
    handler: (request) => listProfiles(app.db, tenantScope(callerOf(request), request.query.ownerId), request.query),
  });

  app.get('/:id', {
    config: { scope: 'profiles:read' },
    schema: { tags: ['profiles'], summary: 'One person', security: [{ bearer: [] }], params: ZProfileParams, response: { 200: ZProfileSummary, ...errors } },
    handler: async (request) => toProfileSummary(await getProfile(app.db, tenantScope(callerOf(request)), request.params.id)),
  });
};

export default profilesRoutes;
