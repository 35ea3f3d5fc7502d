import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, type ErrorCode, type TApiError } from '@centinela/shared';
import { ApiError } from '../lib/api-error.ts';
import { reportError } from '../lib/error-reporting.ts';
import { localeFrom } from '../lib/locale.ts';

/** Fastify's own client-error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
};

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, extra: Partial<TApiError> = {}, params: Record<string, string> = {}) {
  const body: TApiError = { code, message: errorMessage(code, localeFrom(request.headers['accept-language']), params), ...extra };
  // Client systems (x-api-key, issue #7) get the status in the body too: `{ code, message, http_code }`.
  if (request.headers['x-api-key'] && !request.headers.authorization) body.http_code = status;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function validationIssues(error: FastifyError) {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => ({
    path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
    code: String(v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue ? v.params.issue.code : v.keyword),
    message: v.message ?? '',
  }));
}

/** PostgreSQL SQLSTATEs that mean "this input cannot be stored": untranslatable character, bad encoding. */
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05']);

/**
 * Errors Fastify raises before routing (undecodable URL, over-long path parameter); they never reach
 * setErrorHandler, so app.ts passes this as the `frameworkErrors` option.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, 'bad_request');
}

/**
 * Whether an /api query string has percent-encoding that is not UTF-8 (e.g. a lone surrogate): Fastify's
 * parser keeps such a value raw, so the route's schema would check text the client never sent.
 */
export function undecodableQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.startsWith('/api/')) return false;
  return url
    .slice(start + 1)
    .split('&')
    .some((part) => {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '));
        return false;
      } catch {
        return true;
      }
    });
}

/** Every error leaves as `{ code, message }`; client mistakes are 4xx, never 500. */
export default fp(async function errors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (undecodableQuery(request.url)) return sendError(request, reply, 400, 'bad_request');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(request, reply, error.statusCode, error.code, {}, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 400, 'validation_failed', { issues: validationIssues(error) });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, error.statusCode ?? 400, mapped);
    if (error.statusCode === 429) return sendError(request, reply, 429, 'rate_limited');
    // Backstop for input the schemas let through but PostgreSQL cannot store (e.g. NUL, bad encoding).
    if (POSTGRES_INPUT_ERRORS.has((error as { code?: string }).code ?? '')) return sendError(request, reply, 400, 'validation_failed');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode, error.statusCode === 404 ? 'not_found' : 'bad_request');
    }
    request.log.error({ err: error }, 'unhandled error');
    // The route pattern, never the URL: ids and query strings stay out of the report.
    reportError(error, { method: request.method, route: request.routeOptions.url ?? 'unknown' });
    return sendError(request, reply, 500, 'internal');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, 'route_not_found', {}, { method: request.method, url: request.url.split('?')[0] ?? '' }),
  );
});
