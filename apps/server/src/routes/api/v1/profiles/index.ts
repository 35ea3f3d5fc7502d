import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZGetProfileResponse,
  ZListProfilesQuery,
  ZListProfileViewsQuery,
  ZListProfileViewsResponse,
  ZListProfilesResponse,
  ZProfileCountsRequest,
  ZProfileCountsResponse,
  ZProfileParams,
} from '@centinela/shared';
import { listProfileViews } from '../../../../domains/profile-views/list.ts';
import { recordViews } from '../../../../domains/profile-views/record.ts';
import { countProfiles, listProfiles } from '../../../../domains/profiles/list.ts';
import { getProfileDetail } from '../../../../domains/profiles/repository.ts';
import { fastSerializerCompiler } from '../../../../lib/fast-serializer.ts';
import bulkRoutes from './bulk.ts';
import privacyRoutes from './privacy.ts';
import identityRoutes from './identity.ts';
import reportPdfRoutes from './report-pdf.ts';
import writeRoutes from './write.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['profiles'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/** Reading persons; changes live in write.ts, bulk delete and export in bulk.ts, the PDF report in report-pdf.ts. */
const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'List persons: filtered, sorted, keyset-paginated',
      security,
      querystring: ZListProfilesQuery,
      response: { 200: ZListProfilesResponse, ...errors },
    },
    // The hottest read: written by a serializer compiled from the same schema (declared fields only).
    serializerCompiler: fastSerializerCompiler,
    handler: (request) => listProfiles(app.db, request.scope, request.query),
  });

  app.get('/counts', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'How many persons per status match the filter',
      security,
      querystring: ZProfileCountsRequest,
      response: { 200: ZProfileCountsResponse, ...errors },
    },
    handler: (request) => countProfiles(app.db, request.scope, request.query),
  });

  app.get('/:id', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'One person with their reports',
      security,
      params: ZProfileParams,
      response: { 200: ZGetProfileResponse, ...errors },
    },
    handler: async (request) => {
      const person = await getProfileDetail(app.db, request.scope, request.params.id);
      await recordViews(app.db, request.viewer, 'profile', [person.id]);
      return person;
    },
  });

  // The owner's managers and platform staff (the audit log's readers), never analysts or viewers.
  app.get('/:id/views', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: "Who saw this person's data: each read by a user or an API key, newest first",
      description:
        'Reads of the same kind by the same viewer within 10 minutes are one entry (`at` the first, `lastAt` the last, `count`). An export records every exported person.',
      security: [{ bearer: [] }],
      params: ZProfileParams,
      querystring: ZListProfileViewsQuery,
      response: { 200: ZListProfileViewsResponse, ...errors },
    },
    handler: (request) => listProfileViews(app.db, request.scope, request.params.id, request.query),
  });

  await app.register(writeRoutes);
  await app.register(bulkRoutes);
  await app.register(reportPdfRoutes);
  await app.register(privacyRoutes);
  await app.register(identityRoutes);
};

export default profilesRoutes;
