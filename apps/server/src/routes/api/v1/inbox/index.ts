import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAssignInboxItem,
  ZAssignInboxResponse,
  ZInboxCount,
  ZInboxCountQuery,
  ZInboxQuery,
  ZInboxResponse,
} from '@centinela/shared';
import { assignInboxItem, inboxCount, listInbox } from '../../../../domains/inbox/inbox.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['inbox'];
const security = [{ bearer: [] }];

/**
 * The review inbox — every open match, alert, correction request and identity check of the
 * owner, oldest due first; anyone who reads persons sees it, reviewers assign its items.
 */
const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary:
        'What waits for a reviewer: open matches, alerts, correction requests and identity checks, oldest due first',
      security,
      querystring: ZInboxQuery,
      response: { 200: ZInboxResponse, ...errors },
    },
    handler: (request) => listInbox(app.db, { scope: request.scope, query: request.query, me: request.actor.userId }),
  });

  app.get('/count', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "The inbox's open items, and those assigned to the caller (the navbar's count)",
      security,
      querystring: ZInboxCountQuery,
      response: { 200: ZInboxCount, ...errors },
    },
    handler: (request) => inboxCount(app.db, request.scope, request.actor.userId),
  });

  app.post('/assign', {
    config: { scope: 'reports:review' },
    schema: {
      tags,
      summary: "Assign an open item to one of the owner's reviewers (analysts and managers), or to nobody",
      security,
      body: ZAssignInboxItem,
      response: { 200: ZAssignInboxResponse, ...errors },
    },
    handler: (request) => assignInboxItem(app.db, { scope: request.scope, input: request.body, actor: request.actor }),
  });
};

export default inboxRoutes;
