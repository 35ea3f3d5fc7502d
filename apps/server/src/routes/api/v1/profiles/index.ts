import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZGetProfileResponse, ZListProfilesQuery, ZListProfilesResponse, ZProfileCountsRequest, ZProfileCountsResponse, ZProfileParams } from '@centinela/shared';
import { countProfiles, listProfiles } from '../../../../domains/profiles/list.ts';
import { getProfileDetail } from '../../../../domains/profiles/repository.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { fastSerializerCompiler } from '../../../../lib/fast-serializer.ts';
import { callerOf } from '../../../../plugins/auth.ts';
import bulkRoutes from './bulk.ts';
import writeRoutes from './write.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['profiles'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/** Reading persons; changes live in write.ts, bulk delete and export in bulk.ts. */
const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: 'List persons: filtered, sorted, keyset-paginated', security, querystring: ZListProfilesQuery, response: { 200: ZListProfilesResponse, ...errors } },
    // The hottest read: written by a serializer compiled from the same schema (declared fields only).
    serializerCompiler: fastSerializerCompiler,
    handler: (request) => listProfiles(app.db, tenantScope(callerOf(request), request.query.ownerId), request.query),
  });

  app.get('/counts', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: 'How many persons per status match the filter', security, querystring: ZProfileCountsRequest, response: { 200: ZProfileCountsResponse, ...errors } },
    handler: (request) => countProfiles(app.db, tenantScope(callerOf(request), request.query.ownerId), request.query),
  });

  app.get('/:id', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: 'One person with their reports', security, params: ZProfileParams, response: { 200: ZGetProfileResponse, ...errors } },
    handler: (request) => getProfileDetail(app.db, tenantScope(callerOf(request)), request.params.id),
  });

  await app.register(writeRoutes);
  await app.register(bulkRoutes);
};

export default profilesRoutes;
