import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPrivacyRequest, ZPrivacyRequestParams, ZResolveCorrectionRequest } from '@centinela/shared';
import { resolveCorrection } from '../../../../domains/candidate/requests.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A reviewer answers a candidate's correction; the list lives on the person (profiles/privacy.ts). */
const privacyRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/:id/resolve', {
    config: { scope: 'reports:review' },
    schema: {
      tags: ['profiles'],
      summary: 'Answer a correction request; the candidate reads the answer on their page',
      security: [{ bearer: [] }],
      params: ZPrivacyRequestParams,
      body: ZResolveCorrectionRequest,
      response: { 200: ZPrivacyRequest, ...errors },
    },
    handler: (request) =>
      resolveCorrection(app.db, {
        scope: request.scope,
        requestId: request.params.id,
        actor: request.actor,
        resolution: request.body.resolution,
      }),
  });
};

export default privacyRequestsRoutes;
