import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCandidateLink,
  ZCandidateLinkRequest,
  ZConsentAttestation,
  ZListPrivacyRequestsResponse,
  ZProfileParams,
  ZSetConsentDocumentRequest,
  ZSetConsentDocumentResponse,
} from '@centinela/shared';
import { freshCandidateLink } from '../../../../domains/candidate/access.ts';
import { listPrivacyRequests } from '../../../../domains/candidate/requests.ts';
import { setConsentDocument } from '../../../../domains/profiles/consent-document.ts';
import { recordNewConsent } from '../../../../domains/profiles/consent-record.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['profiles'];
const security: Record<string, string[]>[] = [{ bearer: [] }];

/**
 * Staff's side of the candidate's rights on a person: their requests, the signed consent document,
 * a fresh page link (answers to corrections: privacy-requests/).
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/privacy-requests', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "The candidate's requests on this person: corrections (with their deadline) and copies of their data",
      security,
      params: ZProfileParams,
      response: { 200: ZListPrivacyRequestsResponse, ...errors },
    },
    handler: (request) => listPrivacyRequests(app.db, request.scope, request.params.id),
  });

  app.put('/:id/consent-document', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: "Make one of the person's uploads the signed document of their consent attestation, or detach it (null)",
      security,
      params: ZProfileParams,
      body: ZSetConsentDocumentRequest,
      response: { 200: ZSetConsentDocumentResponse, ...errors, ...errorResponses(409, 422) },
    },
    handler: async (request) => ({
      consent: await setConsentDocument(app.db, {
        scope: request.scope,
        id: request.params.id,
        uploadId: request.body.uploadId,
        actor: request.actor,
      }),
    }),
  });

  app.post('/:id/consent', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary:
        'Record a new consent (the caller attests it): after the candidate withdrew theirs, checks can be run and monitored again',
      security,
      params: ZProfileParams,
      body: ZConsentAttestation,
      response: { 200: ZSetConsentDocumentResponse, ...errors },
    },
    handler: async (request) => ({
      consent: await recordNewConsent(app.db, {
        scope: request.scope,
        id: request.params.id,
        attestation: request.body,
        actor: request.actor,
      }),
    }),
  });

  app.post('/:id/candidate-link', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: "A fresh link to the candidate's own page, to send them; the link they had stops working",
      security,
      params: ZProfileParams,
      body: ZCandidateLinkRequest,
      response: { 201: ZCandidateLink, ...errors },
    },
    handler: async (request, reply) => {
      const link = await freshCandidateLink(app.db, {
        scope: request.scope,
        id: request.params.id,
        actor: request.actor,
        locale: request.body.locale,
      });
      return reply.status(201).send(link);
    },
  });
};

export default privacyRoutes;
