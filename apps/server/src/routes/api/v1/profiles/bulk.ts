import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeleteProfilesRequest, ZDeleteProfilesResponse, ZExportProfilesRequest } from '@centinela/shared';
import { deleteProfiles } from '../../../../domains/profiles/delete.ts';
import { EXPORT_CONTENT_TYPES, exportProfiles } from '../../../../domains/profiles/export.ts';
import { filePurge } from '../../../../domains/profiles/file-purge.ts';
import { errorResponses } from '../../../../lib/api-error.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { fileResponse } from '../../../../lib/openapi-files.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['profiles'];
const security = [{ bearer: [] }];

/** Actions on a selection: ids picked in the list, or everything a filter matches. */
const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Deleted persons' documents and call recordings leave with them (nothing personal stays).
  const purge = filePurge(app.config, (failed) =>
    app.log.error({ failed }, 'deleted persons: some files could not be removed'),
  );

  app.post('/delete', {
    config: { scope: 'profiles:delete' },
    schema: {
      tags,
      summary: 'Delete several persons (ids or a filter); their reports go with them',
      security,
      body: ZDeleteProfilesRequest,
      response: { 200: ZDeleteProfilesResponse, ...errors },
    },
    handler: (request) =>
      deleteProfiles(
        { db: app.db, events: app.events, purge },
        { scope: request.scope, selection: request.body, actor: request.actor },
      ),
  });

  app.post('/export', {
    config: { scope: 'profiles:export' },
    schema: {
      tags,
      summary: 'Download a selection as CSV or XLSX (streamed)',
      security,
      body: ZExportProfilesRequest,
      response: {
        200: fileResponse('The selection as a CSV or XLSX file', Object.values(EXPORT_CONTENT_TYPES)),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const file = await exportProfiles(app.db, {
        scope: request.scope,
        request: request.body,
        actor: request.actor,
        viewer: request.viewer,
        locale: localeFrom(request.headers['accept-language']),
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
};

export default bulkRoutes;
