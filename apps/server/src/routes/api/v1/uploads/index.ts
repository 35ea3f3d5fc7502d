import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  UPLOAD_CONTENT_TYPES,
  ZListUploadsQuery,
  ZListUploadsResponse,
  ZUpload,
  ZUploadParams,
  ZUploadQuery,
} from '@centinela/shared';
import { recordViews } from '../../../../domains/profile-views/record.ts';
import { listUploads, ownedProfile, readUpload } from '../../../../domains/uploads/service.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { ApiError, errorResponses } from '../../../../lib/api-error.ts';
import { fileResponse, multipartFileBody } from '../../../../lib/openapi-files.ts';
import { readOneFile, registerMultipart, sendStoredUpload } from './multipart.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 503);
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
      summary:
        'Attach a file to a person (multipart/form-data, field `file`): csv, gif, jpg, jpeg, png, pdf or svg, decided by content',
      security,
      querystring: ZUploadQuery,
      rawBody: multipartFileBody('The file, as the form part `file`'),
      response: { 201: ZUpload, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const scope = request.scope;
      const profile = await ownedProfile(app.db, scope, request.query.profileId);
      const file = await readOneFile(request, maxBytes);
      const actor = request.actor;
      return sendStoredUpload(
        request,
        reply,
        { db: app.db, storage },
        {
          ownerId: profile.ownerId,
          profileId: profile.id,
          formLinkId: null,
          createdBy: actor.userId,
          ip: actor.ip,
          ...file,
        },
      );
    },
  });

  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "A person's files",
      security,
      querystring: ZListUploadsQuery,
      response: { 200: ZListUploadsResponse, ...errors },
    },
    handler: (request) => listUploads(app.db, request.scope, request.query.profileId),
  });

  app.get('/:id', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Download one file (as an attachment)',
      security,
      params: ZUploadParams,
      response: {
        200: fileResponse('The stored file, in the type its content showed', Object.keys(UPLOAD_CONTENT_TYPES)),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const { upload, body } = await readUpload(app.db, storage, request.scope, request.params.id);
      await recordViews(app.db, request.viewer, 'file', upload.profileId ? [upload.profileId] : []);
      const ascii = upload.fileName.replace(/[^\w.-]+/g, '_');
      return reply
        .type(upload.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });
};

export default uploadsRoutes;
