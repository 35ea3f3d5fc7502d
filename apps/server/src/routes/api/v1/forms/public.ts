import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDENTITY_PICTURE_MAX_BYTES,
  ZIdentityPicture,
  ZIdentityQuickCheck,
  ZPublicForm,
  ZPublicFormParams,
  ZSubmitFormRequest,
  ZSubmitFormResponse,
  ZUpload,
} from '@centinela/shared';
import {
  FormInputsError,
  formForUpload,
  FormProfileError,
  getPublicForm,
  submitForm,
} from '../../../../domains/forms/public.ts';
import { closeIdentityEngine } from '../../../../domains/identity-report/engine.ts';
import {
  CANDIDATE_PICTURE_PARTS,
  checkCandidatePicture,
  takeCandidatePicture,
} from '../../../../domains/identity-report/candidate-picture.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { ApiError, errorResponses } from '../../../../lib/api-error.ts';
import { multipartFileBody } from '../../../../lib/openapi-files.ts';
import { sendError } from '../../../../plugins/errors.ts';
import { readOneFile, registerMultipart, sendStoredUpload } from '../uploads/multipart.ts';
import { readParts } from '../uploads/parts.ts';

const errors = errorResponses(400, 404, 409, 410, 413, 415, 422, 429, 503);
const tags = ['forms'];
const MINUTE = 60_000;

const codeOf = (request: FastifyRequest) => {
  const params = request.params as { code?: unknown } | undefined;
  return typeof params?.code === 'string' ? params.code.slice(0, 64) : '';
};

/**
 * The candidate's side (SPEC §2 `/forms/{code}`): public, rate-limited per client IP (the route's own
 * limit) and per code across every IP (a second limiter), so a flood from one address or many stops
 * before it creates anything.
 */
const publicFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { FORM_RATE_LIMIT: perIp, FORM_CODE_RATE_LIMIT: perCode, UPLOAD_MAX_BYTES: maxBytes } = app.config;
  const storage = storageFor(app.config);
  const deps = { db: app.db, events: app.events, wake: () => app.reports.wake() };
  await registerMultipart(app, maxBytes);
  // The route's own limiter counts per IP; this one counts per code across every IP.
  const limitCode = (max: number, what: string) => {
    const check = app.createRateLimit({
      max,
      timeWindow: MINUTE,
      keyGenerator: (request) => `${what}|${codeOf(request)}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new ApiError(429, 'rate_limited');
    };
  };
  const uploadUrl = (code: string) => `/api/v1/public/forms/${encodeURIComponent(code)}/uploads`;

  app.get('/:code', {
    config: { public: true, rateLimit: { max: perIp * 12, timeWindow: MINUTE } },
    preHandler: limitCode(perCode * 12, 'form-read'),
    schema: {
      tags,
      summary: 'The form a candidate fills: the inputs the pipeline needs, the consent text and its version',
      params: ZPublicFormParams,
      response: { 200: ZPublicForm, ...errors },
    },
    handler: (request) => getPublicForm(app.db, request.params.code, { url: uploadUrl(request.params.code), maxBytes }),
  });

  app.post('/:code', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    preHandler: limitCode(perCode, 'form-submit'),
    schema: {
      tags,
      summary:
        'Submit the form: creates the person (created as `form`), runs the pipeline, stores the consent (time, IP, text version)',
      params: ZPublicFormParams,
      body: ZSubmitFormRequest,
      response: { 201: ZSubmitFormResponse, ...errors, ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      try {
        const submitted = await submitForm(deps, {
          code: request.params.code,
          input: request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return reply.status(201).send({ ok: true as const, candidatePath: submitted.candidatePath });
      } catch (error) {
        if (error instanceof FormInputsError)
          return sendError(request, reply, 422, 'form_missing_inputs', { issues: error.issues });
        if (error instanceof FormProfileError) {
          request.log.warn({ reason: error.reason, code: request.params.code }, 'form submission refused');
          return sendError(request, reply, 422, 'profile_create_failed', {
            issues: [{ path: 'body', code: error.reason, key: 'forms.problems.refused' }],
          });
        }
        throw error;
      }
    },
  });

  app.post('/:code/uploads', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    preHandler: limitCode(perCode * 3, 'form-upload'),
    schema: {
      tags,
      summary:
        "Attach a document to this form's submission (multipart, field `file`); send the returned id in `uploadIds`",
      params: ZPublicFormParams,
      rawBody: multipartFileBody('The document, as the form part `file`'),
      response: { 201: ZUpload, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const form = await formForUpload(app.db, request.params.code);
      const file = await readOneFile(request, maxBytes);
      return sendStoredUpload(
        request,
        reply,
        { db: app.db, storage },
        { ownerId: form.ownerId, profileId: null, formLinkId: form.linkId, createdBy: null, ip: request.ip, ...file },
      );
    },
  });
};

/**
 * The identity step: a picture's quick check, and its upload. Each decodes a picture in the
 * identity engine's worker, so both have a tighter limit than the form's other calls.
 */
const publicIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { FORM_RATE_LIMIT: perIp } = app.config;
  const storage = storageFor(app.config);
  await registerMultipart(app, IDENTITY_PICTURE_MAX_BYTES);
  app.addHook('onClose', closeIdentityEngine);
  const multipart = (description: string) => ({
    description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            file: { type: 'string', format: 'binary' },
            kind: { type: 'string', enum: ['document_front', 'document_back', 'selfie', 'turned_selfie'] },
          },
          required: ['file', 'kind'],
        },
      },
    },
  });

  app.post('/:code/identity/check', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        'Quick check of one identity picture (multipart `file` + `kind`): what to fix, if anything; stores nothing',
      params: ZPublicFormParams,
      rawBody: multipart('The picture (`file`) and its `kind`'),
      response: { 200: ZIdentityQuickCheck, ...errors },
    },
    handler: async (request) => {
      await formForUpload(app.db, request.params.code);
      const parts = await readParts(request, CANDIDATE_PICTURE_PARTS);
      return checkCandidatePicture(parts, localeFrom(request.headers['accept-language']));
    },
  });

  app.post('/:code/identity/pictures', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        'Upload one identity picture (multipart `file`, `kind`, `attempt`, `consentVersion`, `turn`, `mirrored`): checked, then stored; send its id in `identityPictureIds`',
      description:
        'A picture failing its quick check is refused with 422 `identity_picture_retake` (one issue per problem) until its third attempt, which is stored and sends the report to review. When the engine could not check it now: 503 `identity_engine_busy` with Retry-After, nothing stored, not a try.',
      params: ZPublicFormParams,
      rawBody: multipart('The picture (`file`) and its fields'),
      response: { 201: ZIdentityPicture, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const form = await formForUpload(app.db, request.params.code);
      const parts = await readParts(request, CANDIDATE_PICTURE_PARTS);
      const picture = await takeCandidatePicture(
        { db: app.db, storage },
        { ownerId: form.ownerId, profileId: null, formLinkId: form.linkId },
        parts,
        { ip: request.ip, locale: localeFrom(request.headers['accept-language']) },
      );
      return reply.status(201).send(picture);
    },
  });
};

export default async function publicForms(app: Parameters<FastifyPluginAsyncZod>[0]) {
  await app.register(publicFormsRoutes);
  await app.register(publicIdentityRoutes);
}
