import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateOwnerRequest,
  ZDeleteOwnerRequest,
  ZListOwnersRequest,
  ZListOwnersResponse,
  ZOwner,
  ZOwnerParams,
  ZUpdateOwnerRequest,
  ZUpdateOwnersRequest,
  ZUpdateOwnersResponse,
} from '@centinela/shared';
import {
  createOwner,
  deleteOwner,
  getOwner,
  listOwners,
  updateOwner,
  updateOwners,
} from '../../../../domains/owners/service.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['owners'];
const security = [{ bearer: [] }];

/** Owner (client) accounts: platform staff only (scope owners:manage). */
const ownersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'owners:manage' },
    schema: {
      tags,
      summary: 'Owners, searched, sorted and paged (active=false: the inactive ones)',
      security,
      querystring: ZListOwnersRequest,
      response: { 200: ZListOwnersResponse, ...errors },
    },
    handler: (request) => listOwners(app.db, request.query),
  });

  app.post('/', {
    config: { scope: 'owners:manage' },
    schema: {
      tags,
      summary: 'Add an owner',
      security,
      body: ZCreateOwnerRequest,
      response: { 201: ZOwner, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createOwner(app.db, { caller: request.caller, input: request.body, actor: request.actor })),
  });

  app.patch('/', {
    config: { scope: 'owners:manage' },
    schema: {
      tags,
      summary: 'Edit several owners at once (also activate or deactivate them)',
      security,
      body: ZUpdateOwnersRequest,
      response: { 200: ZUpdateOwnersResponse, ...errors },
    },
    handler: (request) => updateOwners(app.db, { caller: request.caller, input: request.body, actor: request.actor }),
  });

  app.get('/:id', {
    config: { scope: 'owners:manage' },
    schema: { tags, summary: 'One owner', security, params: ZOwnerParams, response: { 200: ZOwner, ...errors } },
    handler: (request) => getOwner(app.db, request.params.id),
  });

  app.patch('/:id', {
    config: { scope: 'owners:manage' },
    schema: {
      tags,
      summary: 'Edit one owner',
      security,
      params: ZOwnerParams,
      body: ZUpdateOwnerRequest,
      response: { 200: ZOwner, ...errors },
    },
    handler: (request) =>
      updateOwner(app.db, { caller: request.caller, id: request.params.id, input: request.body, actor: request.actor }),
  });

  app.delete('/:id', {
    config: { scope: 'owners:manage' },
    schema: {
      tags,
      summary:
        'Delete an owner: refused (409 owner_has_data) while it holds persons, users or pipelines, unless purge=true',
      security,
      params: ZOwnerParams,
      querystring: ZDeleteOwnerRequest,
      response: { 204: z.undefined().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      await deleteOwner(app.db, { id: request.params.id, purge: request.query.purge === 'true', actor: request.actor });
      return reply.status(204).send();
    },
  });
};

export default ownersRoutes;
