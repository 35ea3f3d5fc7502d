import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZListUploadsQuery, ZListUploadsResponse, ZUpload, ZUploadFileResponse, ZUploadParams, ZUploadQuery } from '@centinela/shared';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { listUploads, ownedProfile, readUpload, storeUpload, UploadRefused } from '../../../../domains/uploads/service.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { ApiError } from '../../../../lib/api-error.ts';
import { callerOf } from '../../../../plugins/auth.ts';
import { sendError } from '../../../../plugins/errors.ts';
import { readOneFile, registerMultipart } from './multipart.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError, 503: ZApiError };
const tags = ['uploads'];
const security = [{ bearer: [] }];

/** SPEC §7 file uploads for staff: a person's attachments (multipart, one `file` per request). */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const storage = storageFor(app.config);
  await registerMultipart(app, maxBytes);

  app.post('/', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Attach a file to a person (multipart/form-data, field `file`): csv, gif, jpg, jpeg, png, pdf or svg, decided by content',
      security,
      querystring: ZUploadQuery,
      consumes: ['multipart/form-data'],
      response: { 201: ZUpload, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const scope = tenantScope(callerOf(request));
      const profile = await ownedProfile(app.db, scope, request.query.profileId);
      const file = await readOneFile(request, maxBytes);
      const actor = actorOf(request);
      try {
        const stored = await storeUpload(
          { db: app.db, storage },
          { ownerId: profile.ownerId, profileId: profile.id, formLinkId: null, createdBy: actor.userId, ip: actor.ip, ...file },
        );
        return reply.status(201).send(stored);
      } catch (error) {
        if (error instanceof UploadRefused) return sendError(request, reply, 415, 'upload_type_not_allowed', { issues: [{ path: 'file', code: error.reason, message: error.reason }] });
        throw error;
      }
    },
  });

  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: "A person's files", security, querystring: ZListUploadsQuery, response: { 200: ZListUploadsResponse, ...errors } },
    handler: (request) => listUploads(app.db, tenantScope(callerOf(request)), request.query.profileId),
  });

  app.get('/:id', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: 'Download one file (as an attachment)', security, params: ZUploadParams, response: { 200: ZUploadFileResponse, ...errors } },
    handler: async (request, reply) => {
      const { upload, body } = await readUpload(app.db, storage, tenantScope(callerOf(request)), request.params.id);
      const ascii = upload.fileName.replace(/[^\w.-]+/g, '_');
      return reply
        .type(upload.contentType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });
};

export default uploadsRoutes;
