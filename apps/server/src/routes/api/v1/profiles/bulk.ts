import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZDeleteProfilesRequest, ZDeleteProfilesResponse, ZExportProfilesRequest, ZExportProfilesResponse } from '@centinela/shared';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { deleteProfiles } from '../../../../domains/profiles/delete.ts';
import { exportProfiles } from '../../../../domains/profiles/export.ts';
import type { PurgeFiles } from '../../../../domains/profiles/files.ts';
import { recordingsDir } from '../../../../domains/sol/index.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['profiles'];
const security = [{ bearer: [] }];

/** Actions on a selection: ids picked in the list, or everything a filter matches. */
const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Deleted persons' documents and call recordings leave with them (issue #10: nothing personal stays).
  const purge: PurgeFiles = async ({ uploads, recordings }) => {
    const store = storageFor(app.config);
    const dir = recordingsDir(app.config);
    const results = await Promise.allSettled([...uploads.map((key) => store.delete(key)), ...recordings.map((name) => rm(path.join(dir, path.basename(name)), { force: true }))]);
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) app.log.error({ failed }, 'deleted persons: some files could not be removed');
  };

  app.post('/delete', {
    config: { scope: 'profiles:delete' },
    schema: { tags, summary: 'Delete several persons (ids or a filter); their reports go with them', security, body: ZDeleteProfilesRequest, response: { 200: ZDeleteProfilesResponse, ...errors } },
    handler: (request) =>
      deleteProfiles({ db: app.db, events: app.events, purge }, { scope: tenantScope(callerOf(request), request.body.ownerId), selection: request.body, actor: actorOf(request) }),
  });

  app.post('/export', {
    config: { scope: 'profiles:export' },
    schema: { tags, summary: 'Download a selection as CSV or XLSX (streamed)', security, body: ZExportProfilesRequest, response: { 200: ZExportProfilesResponse, ...errors } },
    handler: async (request, reply) => {
      const file = await exportProfiles(app.db, { scope: tenantScope(callerOf(request), request.body.ownerId), request: request.body, actor: actorOf(request) });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
};

export default bulkRoutes;
