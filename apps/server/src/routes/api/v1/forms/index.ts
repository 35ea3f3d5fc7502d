import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateFormLinkRequest,
  ZFormLink,
  ZFormLinkParams,
  ZListFormLinksQuery,
  ZListFormLinksResponse,
} from '@centinela/shared';
import { createFormLink, getFormLink, listFormLinks, revokeFormLink } from '../../../../domains/forms/links.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 422);
const tags = ['forms'];
const security = [{ bearer: [] }];

/** Staff side of the data-collection forms (SPEC §2): the owner's links, create, revoke. */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'forms:manage' },
    schema: {
      tags,
      summary: "The owner's form links, newest first, with their latest submissions",
      security,
      querystring: ZListFormLinksQuery,
      response: { 200: ZListFormLinksResponse, ...errors },
    },
    handler: (request) => listFormLinks(app.db, request.scope),
  });

  app.post('/', {
    config: { scope: 'forms:manage' },
    schema: {
      tags,
      summary: 'Create a form link for a pipeline (expiry, single- or multi-use)',
      security,
      body: ZCreateFormLinkRequest,
      response: { 201: ZFormLink, ...errors },
    },
    handler: async (request, reply) => {
      const scope = request.scope;
      return reply.status(201).send(await createFormLink(app.db, { scope, input: request.body, actor: request.actor }));
    },
  });

  app.get('/:id', {
    config: { scope: 'forms:manage' },
    schema: {
      tags,
      summary: 'One form link with its latest submissions',
      security,
      params: ZFormLinkParams,
      response: { 200: ZFormLink, ...errors },
    },
    handler: (request) => getFormLink(app.db, request.scope, request.params.id),
  });

  app.post('/:id/revoke', {
    config: { scope: 'forms:manage' },
    schema: {
      tags,
      summary: 'Revoke a form link (final; candidates then see "The form is no longer valid.")',
      security,
      params: ZFormLinkParams,
      response: { 200: ZFormLink, ...errors },
    },
    handler: (request) => revokeFormLink(app.db, { scope: request.scope, id: request.params.id, actor: request.actor }),
  });
};

export default formsRoutes;
