import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdjustCreditsRequest,
  ZAdjustCreditsResponse,
  ZCreditsQuery,
  ZCreditsSummary,
  ZLedgerResponse,
} from '@centinela/shared';
import { adjustCredits, creditLedgerOf, creditsSummary } from '../../../../domains/credits/service.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['credits'];
const security = [{ bearer: [] }];

const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'signed-in' },
    schema: {
      tags,
      summary: "The owner's plan, credits and next refill",
      security,
      querystring: ZCreditsQuery,
      response: { 200: ZCreditsSummary, ...errors },
    },
    handler: (request) => creditsSummary(app.db, request.scope),
  });

  app.get('/ledger', {
    config: { scope: 'metrics:read' },
    schema: {
      tags,
      summary: 'The latest credit movements (debits, refunds, refills, adjustments)',
      security,
      querystring: ZCreditsQuery,
      response: { 200: ZLedgerResponse, ...errors },
    },
    handler: (request) => creditLedgerOf(app.db, request.scope),
  });

  app.post('/adjustments', {
    config: { scope: 'owners:support' },
    schema: {
      tags,
      summary: 'Add or take credits, with a reason (support staff)',
      security,
      body: ZAdjustCreditsRequest,
      response: { 201: ZAdjustCreditsResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { change, ...result } = await adjustCredits(app.db, request.body, request.actor);
      app.events.publish('credits.updated', change.ownerId, { creditsAvailable: change.creditsAvailable });
      return reply.status(201).send(result);
    },
  });
};

export default creditsRoutes;
