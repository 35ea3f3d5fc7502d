import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZReportPdfVerification,
  ZVerificationParams,
  ZVerifyReportPdfRequest,
  ZVerifyReportPdfResponse,
} from '@centinela/shared';
import { verificationOf, verifyReportPdf } from '../../../../domains/report-pdf/verify.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 404, 429);
const tags = ['verify'];
const MINUTE = 60_000;
/** Per client address: plenty for people checking documents, too few to walk the 80-bit code space. */
const PER_MINUTE = 30;

/**
 * The public side of the PDF report: anyone holding a PDF checks its code. No sign-in; the
 * answer names the issuing owner, the time and the hash, never the person.
 */
const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:code', {
    config: { public: true, rateLimit: { max: PER_MINUTE, timeWindow: MINUTE } },
    schema: {
      tags,
      summary: 'Who issued the PDF report with this verification code, when, and its SHA-256',
      params: ZVerificationParams,
      response: { 200: ZReportPdfVerification, ...errors },
    },
    handler: (request) => verificationOf(app.db, request.params.code),
  });

  app.post('/:code', {
    config: { public: true, rateLimit: { max: PER_MINUTE, timeWindow: MINUTE } },
    schema: {
      tags,
      summary: 'Whether a file is the PDF issued under this code: send its SHA-256 (e.g. `sha256sum report.pdf`)',
      params: ZVerificationParams,
      body: ZVerifyReportPdfRequest,
      response: { 200: ZVerifyReportPdfResponse, ...errors },
    },
    handler: (request) => verifyReportPdf(app.db, request.params.code, request.body.sha256),
  });
};

export default verifyRoutes;
