import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreatePipelineRequest,
  ZCreatePipelineResponse,
  ZListPipelinesRequest,
  ZListPipelinesResponse,
  ZPipelineParams,
  ZUpdatePipelineRequest,
  ZUpdatePipelineResponse,
} from '@centinela/shared';
import {
  createPipeline,
  deletePipeline,
  listPipelines,
  updatePipeline,
} from '../../../../domains/pipelines/service.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 422);
const tags = ['pipelines'];
const security = [{ bearer: [] }];

const pipelinesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Pipelines, by country and name',
      security: [{ bearer: [] }, { apiKey: [] }] as Record<string, string[]>[],
      querystring: ZListPipelinesRequest,
      response: { 200: ZListPipelinesResponse, ...errors },
    },
    handler: (request) => listPipelines(app.db, request.scope, request.query),
  });

  app.post('/', {
    config: { scope: 'pipelines:manage' },
    schema: {
      tags,
      summary: 'Create a pipeline',
      security,
      body: ZCreatePipelineRequest,
      response: { 201: ZCreatePipelineResponse, ...errors },
    },
    handler: async (request, reply) => {
      const pipeline = await createPipeline(app.db, {
        scope: request.scope,
        input: request.body,
        actor: request.actor,
      });
      return reply.status(201).send(pipeline);
    },
  });

  app.patch('/:id', {
    config: { scope: 'pipelines:manage' },
    schema: {
      tags,
      summary: 'Edit a pipeline',
      security,
      params: ZPipelineParams,
      body: ZUpdatePipelineRequest,
      response: { 200: ZUpdatePipelineResponse, ...errors },
    },
    handler: (request) =>
      updatePipeline(app.db, {
        scope: request.scope,
        id: request.params.id,
        input: request.body,
        actor: request.actor,
      }),
  });

  app.delete('/:id', {
    config: { scope: 'pipelines:manage' },
    schema: {
      tags,
      summary: 'Delete a pipeline',
      security,
      params: ZPipelineParams,
      response: { 204: z.undefined().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      await deletePipeline(app.db, { scope: request.scope, id: request.params.id, actor: request.actor });
      return reply.status(204).send();
    },
  });
};

export default pipelinesRoutes;
