import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreatePipelineRequest,
  ZCreatePipelineResponse,
  ZListPipelinesRequest,
  ZListPipelinesResponse,
  ZPipelineParams,
  ZUpdatePipelineRequest,
  ZUpdatePipelineResponse,
} from '@centinela/shared';
import { createPipeline, deletePipeline, listPipelines, updatePipeline } from '../../../../domains/pipelines/service.ts';
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { callerOf } from '../../../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const tags = ['pipelines'];
const security = [{ bearer: [] }];

const pipelinesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: { tags, summary: 'Pipelines, by country and name', security: [{ bearer: [] }, { apiKey: [] }] as Record<string, string[]>[], querystring: ZListPipelinesRequest, response: { 200: ZListPipelinesResponse, ...errors } },
    handler: (request) => listPipelines(app.db, tenantScope(callerOf(request), request.query.ownerId), request.query),
  });

  app.post('/', {
    config: { scope: 'pipelines:manage' },
    schema: { tags, summary: 'Create a pipeline', security, body: ZCreatePipelineRequest, response: { 201: ZCreatePipelineResponse, ...errors } },
    handler: async (request, reply) => {
      const pipeline = await createPipeline(app.db, { scope: tenantScope(callerOf(request), request.body.ownerId), input: request.body, actor: actorOf(request) });
      return reply.status(201).send(pipeline);
    },
  });

  app.patch('/:id', {
    config: { scope: 'pipelines:manage' },
    schema: { tags, summary: 'Edit a pipeline', security, params: ZPipelineParams, body: ZUpdatePipelineRequest, response: { 200: ZUpdatePipelineResponse, ...errors } },
    handler: (request) => updatePipeline(app.db, { scope: tenantScope(callerOf(request)), id: request.params.id, input: request.body, actor: actorOf(request) }),
  });

  app.delete('/:id', {
    config: { scope: 'pipelines:manage' },
    schema: { tags, summary: 'Delete a pipeline', security, params: ZPipelineParams, response: { 204: z.null().describe('Deleted'), ...errors } },
    handler: async (request, reply) => {
      await deletePipeline(app.db, { scope: tenantScope(callerOf(request)), id: request.params.id, actor: actorOf(request) });
      return reply.status(204).send(null);
    },
  });
};

export default pipelinesRoutes;
