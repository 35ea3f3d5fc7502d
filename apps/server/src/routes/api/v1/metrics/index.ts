import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnalyticsRequest,
  ZAnalyticsResponse,
  ZNavbarMetricsRequest,
  ZNavbarMetricsResponse,
} from '@centinela/shared';
import { analytics } from '../../../../domains/metrics/analytics.ts';
import { navbarMetrics } from '../../../../domains/metrics/navbar.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['metrics'];
const security = [{ bearer: [] }];

/** The navbar figures and the analytics page: aggregates of the caller's owner. */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/navbar', {
    config: { scope: 'metrics:read' },
    schema: {
      tags,
      summary: 'Persons per status, persons created today and remaining credits',
      security,
      querystring: ZNavbarMetricsRequest,
      response: { 200: ZNavbarMetricsResponse, ...errors },
    },
    handler: (request) => navbarMetrics(app.db, request.scope, request.query),
  });

  app.get('/analytics', {
    config: { scope: 'metrics:read' },
    schema: {
      tags,
      summary: 'Volumes, statuses, turnaround, manual review, reviewers and credits over a date range',
      security,
      querystring: ZAnalyticsRequest,
      response: { 200: ZAnalyticsResponse, ...errors },
    },
    handler: (request) => analytics(app.db, request.scope, request.query),
  });
};

export default metricsRoutes;
