import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZExpiringQuery,
  ZExpiringResponse,
  ZHoldsQuery,
  ZHoldsResponse,
  ZProfileHold,
  ZProfileParams,
  ZRetentionPreview,
  ZRetentionPreviewQuery,
  ZRetentionQuery,
  ZRetentionSettings,
  ZSetHoldRequest,
  ZUpdateRetentionRequest,
} from '@centinela/shared';
import { getHold, releaseHold, setHold } from '../../../../domains/retention/hold.ts';
import { previewRetention, retentionSummary, updateRetention } from '../../../../domains/retention/settings.ts';
import { listExpiring, listHolds } from '../../../../domains/retention/upcoming.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['retention'];
const security = [{ bearer: [] }];

/**
 * An owner's retention period, what will expire in the next 30 days, and legal holds. Platform
 * staff name the owner (`ownerId`); a manager always works on their own. Registered under /api/v1.
 */
const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/retention', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: "The owner's retention in months, how many persons expire within 30 days, how many are on hold",
      security,
      querystring: ZRetentionQuery,
      response: { 200: ZRetentionSettings, ...errors },
    },
    handler: (request) => retentionSummary(app.db, request.scope, new Date()),
  });

  app.patch('/retention', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: "Change the owner's retention (null: keep persons until deleted by hand)",
      security,
      body: ZUpdateRetentionRequest,
      response: { 200: ZRetentionSettings, ...errors },
    },
    handler: (request) =>
      updateRetention(app.db, {
        scope: request.scope,
        months: request.body.retentionMonths,
        actor: request.actor,
        now: new Date(),
      }),
  });

  app.get('/retention/preview', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: 'How many persons a retention of retentionMonths would delete at once (asked before lowering it)',
      security,
      querystring: ZRetentionPreviewQuery,
      response: { 200: ZRetentionPreview, ...errors },
    },
    handler: (request) => previewRetention(app.db, request.scope, request.query.retentionMonths, new Date()),
  });

  app.get('/retention/expiring', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: 'Persons expiring within 30 days (not on hold), soonest first, with their expiry',
      security,
      querystring: ZExpiringQuery,
      response: { 200: ZExpiringResponse, ...errors },
    },
    handler: (request) => listExpiring(app.db, request.scope, request.query, new Date()),
  });

  app.get('/retention/holds', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: 'Persons on legal hold, most recently held first',
      security,
      querystring: ZHoldsQuery,
      response: { 200: ZHoldsResponse, ...errors },
    },
    handler: (request) => listHolds(app.db, request.scope, request.query),
  });

  app.get('/profiles/:id/hold', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "A person's legal hold (null when there is none)",
      security: [{ bearer: [] }, { apiKey: [] }],
      params: ZProfileParams,
      response: { 200: ZProfileHold, ...errors },
    },
    handler: (request) => getHold(app.db, request.scope, request.params.id),
  });

  app.put('/profiles/:id/hold', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: 'Put a person on legal hold (retention never deletes them), or change the reason',
      security,
      params: ZProfileParams,
      body: ZSetHoldRequest,
      response: { 200: ZProfileHold, ...errors },
    },
    handler: (request) =>
      setHold(app.db, {
        scope: request.scope,
        id: request.params.id,
        actor: request.actor,
        reason: request.body.reason,
      }),
  });

  app.delete('/profiles/:id/hold', {
    config: { scope: 'retention:manage' },
    schema: {
      tags,
      summary: "End a person's legal hold",
      security,
      params: ZProfileParams,
      response: { 204: z.undefined().describe('Released'), ...errors },
    },
    handler: async (request, reply) => {
      await releaseHold(app.db, { scope: request.scope, id: request.params.id, actor: request.actor });
      return reply.status(204).send();
    },
  });
};

export default retentionRoutes;
