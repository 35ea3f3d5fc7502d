import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProfileParams, ZReportPdfQuery } from '@centinela/shared';
import { recordViews } from '../../../../domains/profile-views/record.ts';
import { issueReportPdf } from '../../../../domains/report-pdf/issue.ts';
import { errorResponses } from '../../../../lib/api-error.ts';
import { localeFrom } from '../../../../lib/locale.ts';
import { fileResponse } from '../../../../lib/openapi-files.ts';

const errors = errorResponses(400, 401, 403, 404);
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/**
 * PUBLIC_URL when set, as it always is in production (config.ts); else, in the demo and development only,
 * the address this request came to.
 */
const publicBase = (configured: string | undefined, request: FastifyRequest) =>
  (configured ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** A person's verifiable PDF report: from the flyout, and for API clients (the webhook links it). */
const reportPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/report.pdf', {
    config: { scope: 'profiles:read' },
    // Every GET issues and records a copy: a HEAD must not.
    exposeHeadRoute: false,
    schema: {
      tags: ['profiles'],
      summary:
        "A person's background check as a PDF with a verification code and QR code; each call issues and records a new copy",
      security,
      params: ZProfileParams,
      querystring: ZReportPdfQuery,
      response: { 200: fileResponse('The PDF report', ['application/pdf']), ...errors },
    },
    handler: async (request, reply) => {
      const issued = await issueReportPdf(app.db, {
        scope: request.scope,
        actor: request.actor,
        profileId: request.params.id,
        locale: request.query.lang ?? localeFrom(request.headers['accept-language']),
        timeZone: request.query.tz ?? 'UTC',
        baseUrl: publicBase(app.config.PUBLIC_URL, request),
      });
      // The PDF holds the person's data: who downloaded it belongs in their view log, not only the audit log.
      await recordViews(app.db, request.viewer, 'pdf', [request.params.id]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${issued.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(issued.bytes));
    },
  });
};

export default reportPdfRoutes;
