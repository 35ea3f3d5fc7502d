import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAlertParams,
  ZEnrolmentsQuery,
  ZEnrolmentsResponse,
  ZEnrolRequest,
  ZEnrolResponse,
  ZListAlertsQuery,
  ZListAlertsResponse,
  ZListVersionsQuery,
  ZListVersionsResponse,
  ZLoadListResponse,
  ZMonitoringQuery,
  ZMonitoringSummary,
  ZReviewAlertRequest,
  ZRuleMatchRequest,
  ZRuleMatchResponse,
  ZScreenRequest,
  ZScreenResponse,
  ZSourcesHealthResponse,
  ZUnenrolRequest,
  ZUnenrolResponse,
  ZUpdateWatchlistSettings,
  ZUploadListQuery,
  ZWatchlistAlert,
  ZWatchlistSettings,
  ZWatchlistSourceParams,
} from '@centinela/shared';
import { listAlerts, reviewAlert } from '../../../../domains/watchlists/alerts.ts';
import { ruleMatch } from '../../../../domains/watchlists/rulings.ts';
import { listVersions, sourcesHealth } from '../../../../domains/watchlists/health.ts';
import {
  enrolPersons,
  listEnrolments,
  monitoringSummary,
  unenrolPersons,
  updateSettings,
} from '../../../../domains/watchlists/monitoring.ts';
import { screenNow } from '../../../../domains/watchlists/screen-now.ts';
import { requestSync } from '../../../../domains/watchlists/sync.ts';
import { uploadList } from '../../../../domains/watchlists/upload.ts';
import { errorResponses } from '../../../../lib/api-error.ts';
import { bodyEncoding, cappedBody } from '../../../../lib/capped-body.ts';
import { streamBody } from '../../../../lib/stream-body.ts';
import { fileBody } from '../../../../lib/openapi-files.ts';
import { sendError } from '../../../../plugins/errors.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);
const tags = ['watchlists'];
const security = [{ bearer: [] }];
/** What a list file is sent as; the body reaches the handler as a stream, never buffered. */
const LIST_TYPES = [
  'text/csv',
  'application/csv',
  'application/xml',
  'text/xml',
  'text/plain',
  'application/octet-stream',
  'application/vnd.ms-excel',
];

/** The official watch lists, screening, continuous monitoring and its alerts, the sources' health. */
const watchlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sources } = app.watchlists;
  const maxAgeDays = app.config.WATCHLIST_MAX_AGE_DAYS;
  const deps = { db: app.db, events: app.events };
  app.addContentTypeParser(LIST_TYPES, streamBody);

  app.get('/sources', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary:
        "Every list and report source: data age, last sync, errors; the report sources' latency and pending work over the caller's owner's reports (every owner's for platform staff)",
      security,
      response: { 200: ZSourcesHealthResponse, ...errors },
    },
    handler: (request) => sourcesHealth(app.db, request.scope, sources, maxAgeDays),
  });

  app.get('/versions', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "The lists' versions, newest first, with their deltas",
      security,
      querystring: ZListVersionsQuery,
      response: { 200: ZListVersionsResponse, ...errors },
    },
    handler: async (request) => ({ versions: await listVersions(app.db, request.query.source) }),
  });

  app.post('/sources/:id/upload', {
    config: { scope: 'watchlists:manage' },
    schema: {
      tags,
      summary:
        'Load a list file (the body is the file as its publisher distributes it): a new version if it changed; a file that is not a whole list is refused and the current version stays',
      security,
      params: ZWatchlistSourceParams,
      querystring: ZUploadListQuery,
      rawBody: fileBody('The list file as its publisher distributes it (CSV or XML)', LIST_TYPES),
      response: { 200: ZLoadListResponse, ...errors },
    },
    // The body is read by cappedBody (WATCHLIST_UPLOAD_MAX_BYTES, received and unpacked), not by Fastify.
    decompress: false,
    handler: async (request, reply) => {
      const body: unknown = request.body;
      if (!(body instanceof Readable)) return sendError(request, reply, 415, 'unsupported_media_type');
      if (!bodyEncoding(request.raw)) return sendError(request, reply, 415, 'unsupported_media_type');
      const source = sources.find((s) => s.id === request.params.id)!;
      try {
        const loaded = await uploadList(app.db, source, {
          bytes: cappedBody(request.raw, app.config.WATCHLIST_UPLOAD_MAX_BYTES),
          fileName: request.query.fileName ?? null,
          actor: request.actor,
        });
        app.watchlists.wakeMonitor();
        return loaded;
      } finally {
        // A refused file may not have been read to its end: the rest is discarded as it arrives (never
        // unpacked), so the client reads the answer rather than a reset.
        request.raw.resume();
      }
    },
  });

  app.post('/sources/:id/sync', {
    config: { scope: 'watchlists:manage' },
    schema: {
      tags,
      summary: 'Download the list now instead of at its next scheduled sync',
      security,
      params: ZWatchlistSourceParams,
      response: { 202: z.null().describe('Queued'), ...errors },
    },
    handler: async (request, reply) => {
      await requestSync(app.db, request.params.id, request.actor);
      app.watchlists.wakeSync();
      return reply.status(202).send(null);
    },
  });

  app.post('/screen', {
    config: { scope: 'reports:run' },
    schema: {
      tags,
      summary:
        'Screen one person against every loaded list, now: no person or report is stored; on the free plan it costs a credit like the watch-list report (402 when none is left), and it is audited',
      security,
      body: ZScreenRequest,
      response: { 200: ZScreenResponse, ...errors, ...errorResponses(402) },
    },
    handler: async (request) => {
      const { name, documentId, birthDate, country, documentType } = request.body;
      const person = {
        name,
        documentId: documentId ?? null,
        birthDate: birthDate ?? null,
        country: country ?? null,
        documentType: documentType ?? null,
      };
      const { screening, threshold } = await screenNow(deps, {
        scope: request.scope,
        actor: request.actor,
        person,
        maxAgeDays,
      });
      return {
        matches: screening.matches,
        threshold,
        lists: screening.lists.map((l) => ({
          source: l.source,
          seq: l.seq,
          publishedAt: l.publishedAt?.toISOString() ?? null,
          stale: l.stale,
        })),
      };
    },
  });

  app.get('/monitoring', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: "The owner's monitoring: settings, persons enrolled, open alerts, the lists' versions",
      security,
      querystring: ZMonitoringQuery,
      response: { 200: ZMonitoringSummary, ...errors },
    },
    handler: (request) => monitoringSummary(app.db, request.scope, maxAgeDays),
  });

  app.patch('/settings', {
    config: { scope: 'monitoring:manage' },
    schema: {
      tags,
      summary: 'The review threshold, and monitoring every person of the owner',
      security,
      body: ZUpdateWatchlistSettings,
      response: { 200: ZWatchlistSettings, ...errors },
    },
    handler: (request) => {
      const { ownerId: _named, ...input } = request.body; // the scope reads it
      return updateSettings(app.db, { scope: request.scope, input, actor: request.actor });
    },
  });

  app.get('/enrolments', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Monitored persons, most recently enrolled first',
      security,
      querystring: ZEnrolmentsQuery,
      response: { 200: ZEnrolmentsResponse, ...errors },
    },
    handler: (request) => listEnrolments(app.db, request.scope, request.query),
  });

  app.post('/enrolments', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Monitor chosen persons, or the persons of a pipeline',
      security,
      body: ZEnrolRequest,
      response: { 200: ZEnrolResponse, ...errors },
    },
    handler: async (request) => ({
      enrolled: await enrolPersons(app.db, { scope: request.scope, input: request.body, actor: request.actor }),
    }),
  });

  app.post('/enrolments/delete', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Stop monitoring chosen persons',
      security,
      body: ZUnenrolRequest,
      response: { 200: ZUnenrolResponse, ...errors },
    },
    handler: async (request) => ({
      removed: await unenrolPersons(app.db, {
        scope: request.scope,
        profileIds: request.body.profileIds,
        actor: request.actor,
      }),
    }),
  });

  app.get('/alerts', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Monitoring alerts, newest first: open, reviewed, or all',
      security,
      querystring: ZListAlertsQuery,
      response: { 200: ZListAlertsResponse, ...errors },
    },
    handler: (request) => listAlerts(app.db, request.scope, request.query),
  });

  app.post('/alerts/:id/review', {
    config: { scope: 'reports:review' },
    schema: {
      tags,
      summary:
        "Review an alert: the person listed, a homonym (ruled out for that entry for good), or acknowledged. A match alert's ruling can be changed later, with a reason",
      security,
      params: ZAlertParams,
      body: ZReviewAlertRequest,
      response: { 200: ZWatchlistAlert, ...errors },
    },
    handler: (request) =>
      reviewAlert(deps, {
        scope: request.scope,
        id: request.params.id,
        resolution: request.body.resolution,
        reason: request.body.reason,
        actor: request.actor,
      }),
  });

  app.post('/rulings', {
    config: { scope: 'reports:review' },
    schema: {
      tags,
      summary:
        "Rule one match of a person's watch-list report: a homonym (with a reason; never on a match by document), the person listed, or acknowledged. A new ruling replaces the last one (with a reason; the one replaced stays in its history). The report's and the person's status follow",
      security,
      body: ZRuleMatchRequest,
      response: { 200: ZRuleMatchResponse, ...errors },
    },
    handler: (request) => ruleMatch(deps, { scope: request.scope, input: request.body, actor: request.actor }),
  });
};

export default watchlistsRoutes;
