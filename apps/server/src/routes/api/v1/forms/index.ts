import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCreateFormLinkRequest, ZFormLink, ZFormLinkParams, ZListFormLinksQuery, ZListFormLinksResponse } from '@centinela/shared';
import { createFormLink, getFormLink, listFormLinks, revokeFormLink } from '../../../../domains/forms/links.ts';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const tags = ['forms'];
const security = [{ bearer: [] }];

/** Staff side of the data-collection forms (SPEC §2): the owner's links, create, revoke. */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'forms:manage' },
    schema: { tags, summary: "The owner's form links, newest first, with their latest submissions", security, querystring: ZListFormLinksQuery, response: { 200: ZListFormLinksResponse, ...errors } },
    handler: (request) => listFormLinks(app.db, tenantScope(callerOf(request), request.query.ownerId)),
  });

  app.post('/', {
    config: { scope: 'forms:manage' },
    schema: { tags, summary: 'Create a form link for a pipeline (expiry, single- or multi-use)', security, body: ZCreateFormLinkRequest, response: { 201: ZFormLink, ...errors } },
    handler: async (request, reply) => {
      const scope = tenantScope(callerOf(request), request.body.ownerId);
      return reply.status(201).send(await createFormLink(app.db, { scope, input: request.body, actor: actorOf(request) }));
    },
  });

  app.get('/:id', {
    config: { scope: 'forms:manage' },
    schema: { tags, summary: 'One form link with its latest submissions', security, params: ZFormLinkParams, response: { 200: ZFormLink, ...errors } },
    handler: (request) => getFormLink(app.db, tenantScope(callerOf(request)), request.params.id),
  });

  app.post('/:id/revoke', {
    config: { scope: 'forms:manage' },
    schema: { tags, summary: 'Revoke a form link (final; candidates then see "The form is no longer valid.")', security, params: ZFormLinkParams, response: { 200: ZFormLink, ...errors } },
    handler: (request) => revokeFormLink(app.db, { scope: tenantScope(callerOf(request)), id: request.params.id, actor: actorOf(request) }),
  });
};

export default formsRoutes;
