import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCandidateExportParams,
  ZCandidateExportQuery,
  ZCandidatePage,
  ZCandidateParams,
  ZCreateCorrectionRequest,
  ZPrivacyRequest,
  ZUpload,
  IDENTITY_PICTURE_MAX_BYTES,
  ZCandidateIdentitySubmitted,
  ZIdentityPicture,
  ZIdentityQuickCheck,
} from '@centinela/shared';
import { candidateByCode } from '../../../../domains/candidate/access.ts';
import { readExportFile } from '../../../../domains/candidate/export-file-read.ts';
import { getCandidatePage } from '../../../../domains/candidate/page.ts';
import { createCorrection, requestExport } from '../../../../domains/candidate/requests.ts';
import { withdrawConsent } from '../../../../domains/candidate/withdraw.ts';
import { closeIdentityEngine } from '../../../../domains/identity-report/engine.ts';
import {
  CANDIDATE_PICTURE_PARTS,
  checkCandidatePicture,
  takeCandidatePicture,
} from '../../../../domains/identity-report/candidate-picture.ts';
import { currentPictures, hasRequired } from '../../../../domains/identity-report/pictures.ts';
import { startIdentityCheck, waitsForPictures } from '../../../../domains/identity-report/start.ts';
import { storageFor } from '../../../../domains/uploads/storage.ts';
import { ApiError, errorResponses } from '../../../../lib/api-error.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { fileResponse, multipartFileBody } from '../../../../lib/openapi-files.ts';
import { readOneFile, registerMultipart, sendStoredUpload } from '../uploads/multipart.ts';
import { readParts } from '../uploads/parts.ts';

const errors = errorResponses(400, 404, 409, 410, 413, 415, 422, 429, 503);
const tags = ['candidate'];
const MINUTE = 60_000;

/**
 * The candidate's own page, public behind the code only they were given: the state of their
 * check (its findings only where the owner shows them), a copy of their data, corrections, consent
 * withdrawal. Rate-limited per IP; a code is 100 random bits, so walking the code space is out of reach.
 */
const candidateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { FORM_RATE_LIMIT: perIp, UPLOAD_MAX_BYTES: maxBytes } = app.config;
  const storage = storageFor(app.config);
  await registerMultipart(app, maxBytes);
  const uploadUrl = (code: string) => `/api/v1/public/candidate/${encodeURIComponent(code)}/uploads`;
  const identityUrls = (code: string) => {
    const base = `/api/v1/public/candidate/${encodeURIComponent(code)}`;
    return { base, submitUrl: `${base}/identity/submit` };
  };

  app.get('/:code', {
    config: { public: true, rateLimit: { max: perIp * 12, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        "The candidate's page: how far their check has come (its findings only where the owner shows them) and their requests",
      params: ZCandidateParams,
      response: { 200: ZCandidatePage, ...errors },
    },
    handler: async (request) => {
      const candidate = await candidateByCode(app.db, request.params.code);
      return getCandidatePage(
        app.db,
        candidate,
        { url: uploadUrl(request.params.code), maxBytes },
        localeFrom(request.headers['accept-language']),
        identityUrls(request.params.code),
      );
    },
  });

  app.post('/:code/corrections', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    schema: {
      tags,
      summary: 'Ask for a correction: a task for a reviewer, answered within the deadline the request shows',
      params: ZCandidateParams,
      body: ZCreateCorrectionRequest,
      response: { 201: ZPrivacyRequest, ...errors },
    },
    handler: async (request, reply) => {
      const candidate = await candidateByCode(app.db, request.params.code);
      const created = await createCorrection(app.db, { candidate, input: request.body, ip: request.ip });
      return reply.status(201).send(created);
    },
  });

  app.post('/:code/uploads', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        "A document for a correction (multipart, field `file`); send the returned id as the correction's `uploadId`",
      params: ZCandidateParams,
      rawBody: multipartFileBody('The document, as the form part `file`'),
      response: { 201: ZUpload, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const candidate = await candidateByCode(app.db, request.params.code);
      const file = await readOneFile(request, maxBytes);
      return sendStoredUpload(
        request,
        reply,
        { db: app.db, storage },
        {
          ownerId: candidate.ownerId,
          profileId: candidate.profileId,
          formLinkId: null,
          createdBy: null,
          ip: request.ip,
          ...file,
        },
      );
    },
  });

  app.post('/:code/exports', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        'Ask for a copy of your data: a JSON file and a PDF, prepared in the background, downloadable for 24 hours',
      params: ZCandidateParams,
      response: { 202: ZPrivacyRequest, ...errors },
    },
    handler: async (request, reply) => {
      const candidate = await candidateByCode(app.db, request.params.code);
      const locale = localeFrom(request.headers['accept-language']);
      const created = await requestExport(app.db, { candidate, ip: request.ip, locale });
      return reply.status(202).send(created);
    },
  });

  app.get('/:code/exports/:id', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    exposeHeadRoute: false,
    schema: {
      tags,
      summary:
        'Download a prepared copy: `?file=json` (everything held about you) or `?file=pdf` (the verifiable report)',
      params: ZCandidateExportParams,
      querystring: ZCandidateExportQuery,
      response: { 200: fileResponse('The copy', ['application/json', 'application/pdf']), ...errors },
    },
    handler: async (request, reply) => {
      const candidate = await candidateByCode(app.db, request.params.code);
      const { body, fileName, contentType } = await readExportFile(app.db, storage, {
        candidate,
        requestId: request.params.id,
        file: request.query.file,
      });
      return reply
        .type(contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  app.post('/:code/withdraw', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        "Withdraw consent: the checks not yet run stop, Sol stops contacting references, and the company's retention period starts",
      params: ZCandidateParams,
      response: { 200: ZCandidatePage, ...errors },
    },
    handler: async (request) => {
      const candidate = await candidateByCode(app.db, request.params.code);
      await withdrawConsent({ db: app.db, events: app.events }, { candidate, ip: request.ip });
      const after = await candidateByCode(app.db, request.params.code);
      return getCandidatePage(
        app.db,
        after,
        { url: uploadUrl(request.params.code), maxBytes },
        localeFrom(request.headers['accept-language']),
        identityUrls(request.params.code),
      );
    },
  });
};

/**
 * The identity step on the candidate's own page (a person created by CSV, the dashboard or the API, whose
 * identity report waits for pictures): the same quick check and three-tries rule as the form; the
 * pictures are the person's at once, and `submit` starts the check.
 */
const candidateIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { FORM_RATE_LIMIT: perIp } = app.config;
  const storage = storageFor(app.config);
  await registerMultipart(app, IDENTITY_PICTURE_MAX_BYTES);
  app.addHook('onClose', closeIdentityEngine);
  const waiting = async (code: string) => {
    const candidate = await candidateByCode(app.db, code);
    if (candidate.consentWithdrawnAt) throw new ApiError(409, 'consent_withdrawn');
    if (!(await waitsForPictures(app.db, candidate.profileId))) throw new ApiError(409, 'identity_not_waiting');
    return candidate;
  };
  const rawBody = multipartFileBody(
    'The picture (`file`) with `kind` (and for an upload `attempt`, `consentVersion`, `turn`, `mirrored`)',
  );

  app.post('/:code/identity/check', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    schema: {
      tags,
      summary: 'Quick check of one identity picture (multipart `file` + `kind`); stores nothing',
      params: ZCandidateParams,
      rawBody,
      response: { 200: ZIdentityQuickCheck, ...errors },
    },
    handler: async (request) => {
      await waiting(request.params.code);
      const parts = await readParts(request, CANDIDATE_PICTURE_PARTS);
      return checkCandidatePicture(parts, localeFrom(request.headers['accept-language']));
    },
  });

  app.post('/:code/identity/pictures', {
    config: { public: true, rateLimit: { max: perIp * 3, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        'Upload one identity picture to the candidate’s own check (same fields and three-tries rule as the form)',
      params: ZCandidateParams,
      rawBody,
      response: { 201: ZIdentityPicture, ...errors },
    },
    handler: async (request, reply) => {
      if (!app.config.UPLOADS) throw new ApiError(409, 'upload_unavailable');
      const candidate = await waiting(request.params.code);
      const parts = await readParts(request, CANDIDATE_PICTURE_PARTS);
      const picture = await takeCandidatePicture(
        { db: app.db, storage },
        { ownerId: candidate.ownerId, profileId: candidate.profileId, formLinkId: null },
        parts,
        { ip: request.ip, locale: localeFrom(request.headers['accept-language']) },
      );
      return reply.status(201).send(picture);
    },
  });

  app.post('/:code/identity/submit', {
    config: { public: true, rateLimit: { max: perIp, timeWindow: MINUTE } },
    schema: {
      tags,
      summary:
        'The pictures are in: start the identity check (422 `identity_pictures_missing` without front and selfie)',
      params: ZCandidateParams,
      response: { 202: ZCandidateIdentitySubmitted, ...errors, ...errorResponses(402) },
    },
    handler: async (request, reply) => {
      const candidate = await waiting(request.params.code);
      if (!hasRequired(await currentPictures(app.db, candidate.profileId)))
        throw new ApiError(422, 'identity_pictures_missing');
      await startIdentityCheck(
        { db: app.db, events: app.events, wake: () => app.reports.wake() },
        { ownerId: candidate.ownerId },
        { ownerId: candidate.ownerId, profileId: candidate.profileId, actorUserId: null },
      );
      return reply.status(202).send({ ok: true as const });
    },
  });
};

export default async function candidate(app: Parameters<FastifyPluginAsyncZod>[0]) {
  await app.register(candidateRoutes);
  await app.register(candidateIdentityRoutes);
}
