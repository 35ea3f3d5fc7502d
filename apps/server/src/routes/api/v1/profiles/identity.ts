import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDENTITY_PICTURE_KINDS,
  IDENTITY_PICTURE_MAX_BYTES,
  IDENTITY_REQUIRED_KINDS,
  ZIdentityPictureParams,
  ZIdentityProfileParams,
  ZIdentityReport,
  ZIdentityReviewRequest,
  ZIdentityUploadFields,
  type TIdentityReport,
} from '@centinela/shared';
import { z } from 'zod';
import { idempotencyKeyOf, once } from '../../../../domains/api-keys/idempotency.ts';
import { closeIdentityEngine } from '../../../../domains/identity-report/engine.ts';
import { quickCheck, storePicture } from '../../../../domains/identity-report/pictures.ts';
import { reviewIdentity } from '../../../../domains/identity-report/review.ts';
import { startIdentityCheck } from '../../../../domains/identity-report/start.ts';
import { identityReportOf, pictureOf } from '../../../../domains/identity-report/view.ts';
import { recordViews } from '../../../../domains/profile-views/record.ts';
import { ownedProfile } from '../../../../domains/uploads/service.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { ApiError, errorResponses } from '../../../../lib/api-error.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { fileResponse } from '../../../../lib/openapi-files.ts';
import { parseFields } from '../../../../lib/parse-fields.ts';
import { registerMultipart } from '../uploads/multipart.ts';
import { readParts } from '../uploads/parts.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503);
const tags = ['identity'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().max(255).optional().describe('Makes a retry safe (client API)'),
});
const binary = { type: 'string', format: 'binary' };

/**
 * A person's identity document report for staff and client systems: its checks, the pictures
 * for the reviewer, sending pictures (multipart, idempotent) and the reviewer's decision.
 */
const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = storageFor(app.config);
  await registerMultipart(app, IDENTITY_PICTURE_MAX_BYTES);
  app.addHook('onClose', closeIdentityEngine);
  const deps = { db: app.db, events: app.events, wake: () => app.reports.wake() };

  app.get('/:id/identity', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "A person's identity document report: every check with its reason, the fields read, the pictures",
      security,
      params: ZIdentityProfileParams,
      response: { 200: ZIdentityReport, ...errors },
    },
    handler: (request) =>
      identityReportOf(app.db, request.scope, request.params.id, localeFrom(request.headers['accept-language'])),
  });

  app.get('/:id/identity/pictures/:pictureId', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'One identity picture, for the reviewer (the owner’s staff only)',
      security,
      params: ZIdentityPictureParams,
      response: {
        200: fileResponse('The picture', ['image/jpeg', 'image/png', 'image/webp', 'image/heif']),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const picture = await pictureOf(app.db, request.scope, request.params.id, request.params.pictureId);
      const body = await storage.get(picture.storageKey);
      if (!body) throw new ApiError(404, 'not_found');
      await recordViews(app.db, request.viewer, 'file', [request.params.id]);
      return reply
        .type(picture.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });

  app.post('/:id/identity', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary:
        'Send a person’s identity pictures (multipart: `document_front`, `document_back`, `selfie`, `turned_selfie`, `consentVersion`) and start the check',
      description:
        'Front and selfie are required. Answers 202 with the report to poll (`status` PENDING); the `report.completed` webhook says when it ends. An `Idempotency-Key` makes a retry safe: the same key and pictures answer the first response.',
      security,
      headers: ZIdempotencyHeaders,
      params: ZIdentityProfileParams,
      rawBody: {
        description: 'The pictures and the biometric consent version',
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                ...Object.fromEntries(IDENTITY_PICTURE_KINDS.map((k) => [k, binary])),
                consentVersion: { type: 'string' },
                turn: { type: 'string', enum: ['left', 'right'] },
                mirrored: { type: 'string', enum: ['true', 'false'] },
              },
              required: ['document_front', 'selfie', 'consentVersion'],
            },
          },
        },
      },
      response: { 202: ZIdentityReport, ...errors, ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const scope = request.scope;
      const locale = localeFrom(request.headers['accept-language']);
      const profile = await ownedProfile(app.db, scope, request.params.id);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { files, fields } = await readParts(request, {
        maxBytes: IDENTITY_PICTURE_MAX_BYTES,
        maxFiles: IDENTITY_PICTURE_KINDS.length,
      });
      const input = parseFields(ZIdentityUploadFields, fields);
      const pictures = IDENTITY_PICTURE_KINDS.flatMap((kind) => {
        const body = files.get(kind);
        return body ? [{ kind, body }] : [];
      });
      if (!IDENTITY_REQUIRED_KINDS.every((k) => files.has(k))) throw new ApiError(422, 'identity_pictures_missing');
      // Every picture is checked before any is kept: a bad one refuses the whole request (nothing half-stored).
      const checked: Awaited<ReturnType<typeof quickCheck>>[] = [];
      for (const p of pictures) checked.push(await quickCheck(p.body, p.kind, locale));
      const send = async (db: typeof app.db) => {
        for (const [i, p] of pictures.entries())
          await storePicture(
            { db, storage },
            {
              ownerId: profile.ownerId,
              profileId: profile.id,
              formLinkId: null,
              createdBy: request.actor.userId,
              ip: request.actor.ip,
              kind: p.kind,
              body: p.body,
              consentVersion: input.consentVersion,
              turn: input.turn ?? null,
              mirrored: input.mirrored ?? false,
              locale,
              checked: checked[i],
            },
          );
        await startIdentityCheck({ ...deps, db }, scope, {
          ownerId: profile.ownerId,
          profileId: profile.id,
          actorUserId: request.actor.userId,
        });
        return { status: 202, body: await identityReportOf(db, scope, profile.id, locale) };
      };
      if (!key) {
        const { status, body } = await send(app.db);
        return reply.status(status as 202).send(body);
      }
      // The key covers the pictures themselves (their hashes) and the fields.
      const hash = createHash('sha256')
        .update(`POST /api/v1/profiles/${profile.id}/identity\n${JSON.stringify(fields)}\n`)
        .update(pictures.map((p) => `${p.kind}:${createHash('sha256').update(p.body).digest('hex')}`).join('\n'))
        .digest('hex');
      // Everything is written in the key's transaction: a retry gets the first answer, a twin waits for it.
      const stored = await once(app.db, { ownerId: profile.ownerId, key, hash }, send);
      app.reports.wake();
      if (stored.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(stored.status as 202).send(stored.body as TIdentityReport);
    },
  });

  app.post('/:id/identity/review', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Approve or reject an identity report waiting for review, with the reason (audited)',
      security,
      params: ZIdentityProfileParams,
      body: ZIdentityReviewRequest,
      response: { 200: ZIdentityReport, ...errors },
    },
    handler: async (request) => {
      const name = request.caller.apiKey ? request.caller.apiKey.name : request.caller.user.username;
      await reviewIdentity(
        deps,
        request.scope,
        { profileId: request.params.id, actor: { ...request.actor, name } },
        request.body,
      );
      return identityReportOf(app.db, request.scope, request.params.id, localeFrom(request.headers['accept-language']));
    },
  });
};

export default identityRoutes;
