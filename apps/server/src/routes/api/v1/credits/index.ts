import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdjustCreditsRequest, ZAdjustCreditsResponse, ZApiError, ZCreditsQuery, ZCreditsSummary, ZLedgerResponse } from '@centinela/shared';
import { adjustCredits, creditLedgerOf, creditsSummary } from '../../../../domains/credits/service.ts';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['credits'];
const security = [{ bearer: [] }];

const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'signed-in' },
    schema: { tags, summary: "The owner's plan, credits and next refill", security, querystring: ZCreditsQuery, response: { 200: ZCreditsSummary, ...errors } },
    handler: (request) => creditsSummary(app.db, tenantScope(callerOf(request), request.query.ownerId)),
  });

  app.get('/ledger', {
    config: { scope: 'metrics:read' },
    schema: { tags, summary: 'The latest credit movements (debits, refunds, refills, adjustments)', security, querystring: ZCreditsQuery, response: { 200: ZLedgerResponse, ...errors } },
    handler: (request) => creditLedgerOf(app.db, tenantScope(callerOf(request), request.query.ownerId)),
  });

  app.post('/adjustments', {
    config: { scope: 'owners:support' },
    schema: { tags, summary: 'Add or take credits, with a reason (support staff)', security, body: ZAdjustCreditsRequest, response: { 201: ZAdjustCreditsResponse, ...errors } },
    handler: async (request, reply) => {
      const { change, ...result } = await adjustCredits(app.db, request.body, actorOf(request));
      app.events.publish('credits.updated', change.ownerId, { creditsAvailable: change.creditsAvailable });
      return reply.status(201).send(result);
    },
  });
};

export default creditsRoutes;
