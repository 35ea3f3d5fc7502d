import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateWebhookEndpointRequest,
  ZListWebhookDeliveriesRequest,
  ZListWebhookDeliveriesResponse,
  ZListWebhookEndpointsRequest,
  ZListWebhookEndpointsResponse,
  ZUpdateWebhookEndpointRequest,
  ZWebhookDeliveryDetail,
  ZWebhookDeliveryResponse,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
  ZWebhookParams,
} from '@centinela/shared';
import {
  deliveryDetail,
  listDeliveries,
  resendDelivery,
  sendTestEvent,
} from '../../../../domains/webhooks/deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  toEndpoint,
  getEndpoint,
  updateEndpoint,
} from '../../../../domains/webhooks/endpoints.ts';
import { allowPrivateWebhooks } from '../../../../domains/webhooks/index.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 422);
const tags = ['webhooks'];
const security = [{ bearer: [] }];
const config = { scope: 'webhooks:manage' } as const;

/** An owner's webhook endpoints, their delivery log, resend and test events. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowPrivate = allowPrivateWebhooks(app.config);

  app.get('/endpoints', {
    config,
    schema: {
      tags,
      summary: 'Webhook endpoints',
      security,
      querystring: ZListWebhookEndpointsRequest,
      response: { 200: ZListWebhookEndpointsResponse, ...errors },
    },
    handler: (request) => listEndpoints(app.db, request.scope),
  });

  app.post('/endpoints', {
    config,
    schema: {
      tags,
      summary: 'Register an endpoint (its signing secret is answered this once)',
      security,
      body: ZCreateWebhookEndpointRequest,
      response: { 201: ZWebhookEndpointWithSecret, ...errors },
    },
    handler: async (request, reply) => {
      const created = await createEndpoint(app.db, {
        scope: request.scope,
        input: request.body,
        actor: request.actor,
        allowPrivate,
      });
      return reply.status(201).send(created);
    },
  });

  app.get('/endpoints/:id', {
    config,
    schema: {
      tags,
      summary: 'One endpoint',
      security,
      params: ZWebhookParams,
      response: { 200: ZWebhookEndpoint, ...errors },
    },
    handler: async (request) => toEndpoint(await getEndpoint(app.db, request.scope, request.params.id)),
  });

  app.patch('/endpoints/:id', {
    config,
    schema: {
      tags,
      summary: 'Change the URL, events or description; disable or enable',
      security,
      params: ZWebhookParams,
      body: ZUpdateWebhookEndpointRequest,
      response: { 200: ZWebhookEndpoint, ...errors },
    },
    handler: (request) =>
      updateEndpoint(app.db, {
        scope: request.scope,
        id: request.params.id,
        input: request.body,
        actor: request.actor,
        allowPrivate,
      }),
  });

  app.delete('/endpoints/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete an endpoint and its delivery log',
      security,
      params: ZWebhookParams,
      response: { 204: z.undefined().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      await deleteEndpoint(app.db, { scope: request.scope, id: request.params.id, actor: request.actor });
      return reply.status(204).send();
    },
  });

  app.post('/endpoints/:id/rotate-secret', {
    config,
    schema: {
      tags,
      summary: 'A new signing secret (answered this once)',
      security,
      params: ZWebhookParams,
      response: { 201: ZWebhookEndpointWithSecret, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await rotateEndpointSecret(app.db, { scope: request.scope, id: request.params.id, actor: request.actor }),
        ),
  });

  app.post('/endpoints/:id/test', {
    config,
    schema: {
      tags,
      summary: 'Send a webhook.test event to this endpoint',
      security,
      params: ZWebhookParams,
      response: { 202: ZWebhookDeliveryResponse, ...errors },
    },
    handler: async (request, reply) => {
      const delivery = await sendTestEvent(app.db, {
        scope: request.scope,
        endpointId: request.params.id,
        actor: request.actor,
      });
      app.webhooks.wake();
      return reply.status(202).send({ delivery });
    },
  });

  app.get('/endpoints/:id/deliveries', {
    config,
    schema: {
      tags,
      summary: 'The delivery log of an endpoint, newest first',
      security,
      params: ZWebhookParams,
      querystring: ZListWebhookDeliveriesRequest,
      response: { 200: ZListWebhookDeliveriesResponse, ...errors },
    },
    handler: (request) => listDeliveries(app.db, request.scope, request.params.id, request.query),
  });

  app.get('/deliveries/:id', {
    config,
    schema: {
      tags,
      summary: 'One delivery with every attempt’s request and response',
      security,
      params: ZWebhookParams,
      response: { 200: ZWebhookDeliveryDetail, ...errors },
    },
    handler: (request) => deliveryDetail(app.db, request.scope, request.params.id),
  });

  app.post('/deliveries/:id/resend', {
    config,
    schema: {
      tags,
      summary: 'Send a delivery again (same webhook-id and body)',
      security,
      params: ZWebhookParams,
      response: { 202: ZWebhookDeliveryResponse, ...errors },
    },
    handler: async (request, reply) => {
      const delivery = await resendDelivery(app.db, {
        scope: request.scope,
        id: request.params.id,
        actor: request.actor,
      });
      app.webhooks.wake();
      return reply.status(202).send({ delivery });
    },
  });
};

export default webhooksRoutes;
