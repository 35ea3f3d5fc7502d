import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorMessage,
  issueMessage,
  zodIssueKey,
  type ErrorCode,
  type Locale,
  type TApiError,
  type ZodIssueLike,
} from '@centinela/shared';
import { ApiError, type ApiIssue } from '../lib/api-error.ts';
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

type WireIssue = NonNullable<TApiError['issues']>[number];

/** The field a path names, for a general rule's sentence ('body.email' → 'email'; a list's item → the list). */
const fieldOf = (path: string) =>
  path
    .split('.')
    .slice(1)
    .filter((p) => !/^\d+$/.test(p))
    .at(-1);

/** An issue as the client reads it: its sentence in `locale`, and the key and params to word it again. */
function worded(issue: ApiIssue, locale: Locale): WireIssue {
  if (!('key' in issue)) return issue;
  const { path, code, key, params = {} } = issue;
  const message = issueMessage(key, locale, params, fieldOf(path)) ?? errorMessage('validation_failed', locale);
  return { path, code, message, key, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra: { issues?: readonly ApiIssue[] } = {},
  params: Record<string, string> = {},
) {
  const locale = localeFrom(request.headers['accept-language']);
  const body: TApiError = { code, message: errorMessage(code, locale, params) };
  if (extra.issues) body.issues = extra.issues.map((issue) => worded(issue, locale));
  // Client systems (x-api-key) get the status in the body too: `{ code, message, http_code }`.
  if (request.headers['x-api-key'] && !request.headers.authorization) body.http_code = status;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** What the request held at a path ('body', 'email'): the value a zod issue is about. */
function valueAt(request: FastifyRequest, context: string | undefined, segments: string[]): unknown {
  const parts: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params };
  let value = context ? parts[context] : undefined;
  for (const segment of segments)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}

/** zod's issues, each named by its message key (the schema's own, or the general rule it amounts to). */
function validationIssues(error: FastifyError, request: FastifyRequest): ApiIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    const segments = v.instancePath.split('/').filter(Boolean);
    const issue = { ...(v.params as object), code: v.keyword, message: v.message } as ZodIssueLike;
    return {
      path: [error.validationContext, ...segments].filter(Boolean).join('.'),
      code: v.keyword,
      ...zodIssueKey(issue, valueAt(request, error.validationContext, segments)),
    };
  });
}

/** PostgreSQL SQLSTATEs that mean "this input cannot be stored": untranslatable character, bad encoding. */
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05']);

/**
 * Errors Fastify raises before routing (undecodable URL, over-long path parameter); they never reach
 * setErrorHandler, so app.ts passes this as the `frameworkErrors` option.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(request, reply, status, status === 414 ? 'uri_too_long' : 'bad_request');
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
    if (error instanceof ApiError) {
      // Our own 5xx are expected failures (a store or engine out of reach): the operator's log says which.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error, code: error.code }, 'unavailable');
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return sendError(
        request,
        reply,
        error.statusCode,
        error.code,
        error.issues ? { issues: error.issues } : {},
        error.params,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 400, 'validation_failed', { issues: validationIssues(error, request) });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, error.statusCode ?? 400, mapped);
    if (error.statusCode === 429) return sendError(request, reply, 429, 'rate_limited');
    // Backstop for input the schemas let through but PostgreSQL cannot store (e.g. NUL, bad encoding).
    if (POSTGRES_INPUT_ERRORS.has((error as { code?: string }).code ?? ''))
      return sendError(request, reply, 400, 'validation_failed');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode, error.statusCode === 404 ? 'not_found' : 'bad_request');
    }
    request.log.error({ err: error }, 'unhandled error');
    // The route pattern, never the URL: ids and query strings stay out of the report.
    reportError(error, { method: request.method, route: request.routeOptions.url ?? 'unknown' });
    return sendError(request, reply, 500, 'internal');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      404,
      'route_not_found',
      {},
      { method: request.method, url: request.url.split('?')[0] ?? '' },
    ),
  );
});
