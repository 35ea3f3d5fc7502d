import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZListAuditEventsRequest, ZListAuditEventsResponse } from '@centinela/shared';
import { listAuditEvents } from '../../../../domains/audit/list.ts';

/** The audit log: platform staff see every owner's events, a manager their own owner's. */
const auditEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags: ['audit'],
      summary: 'Audit events, newest first, filtered by actor, action, entity and date',
      security: [{ bearer: [] }],
      querystring: ZListAuditEventsRequest,
      response: { 200: ZListAuditEventsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
    },
    handler: (request) => listAuditEvents(app.db, request.scope, request.query),
  });
};

export default auditEventsRoutes;
