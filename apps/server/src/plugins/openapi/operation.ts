import { API_KEY_SCOPES, ZApiError, type Scope } from '@centinela/shared';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };
type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/** `POST /api/v1/profiles/:id/review` → `postProfilesByIdReview`: stable, unique, from the route alone. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)));
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/**
 * Who may call, as plugins/auth.ts decides it: nobody needs credentials for a public route; a client
 * system's `x-api-key` opens the scopes a key can hold; everything else wants a dashboard session.
 */
function security(config: { public?: boolean; scope?: Scope | 'signed-in' }) {
  if (config.public) return [];
  const scope = config.scope;
  return scope && scope !== 'signed-in' && API_KEY_SCOPES.includes(scope)
    ? [{ bearer: [] }, { apiKey: [] }]
    : [{ bearer: [] }];
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The answers the layers in front of every handler give, whatever the route declares: 400 for a query
 * string that is not UTF-8 (plugins/errors.ts) or input its schemas refuse; 431 for headers past Node's
 * maxHeaderSize (plugins/client-errors.ts); 414 for a path parameter past maxParamLength; for a method with a body,
 * 400 for broken JSON, 413 past BODY_LIMIT and 415 for a media type no parser takes; 401 and 403 from
 * plugins/auth.ts (and 404, below, where platform staff may name an owner); 429 where a rate limit
 * applies (API keys, the routes that ask for one).
 */
function layerStatuses(
  method: string,
  url: string,
  config: RouteOptions['config'] & object,
  apiKeys: boolean,
): number[] {
  const statuses = [400, 431];
  if (url.includes(':')) statuses.push(414);
  if (BODY_METHODS.has(method)) statuses.push(413, 415);
  if (!config.public) statuses.push(401, 403);
  if (apiKeys || config.rateLimit) statuses.push(429);
  return statuses;
}

/**
 * @fastify/swagger's per-route transform: the zod schemas as JSON Schema (fastify-type-provider-zod),
 * plus what the route's code says and its schema does not: operationId, security, the layers' error
 * answers, the raw body a file route reads, and no content for a 204.
 */
export function describeOperation(input: TransformInput) {
  const { route } = input;
  const method = [route.method].flat()[0]!;
  const config = (route.config ?? {}) as RouteOptions['config'] & { public?: boolean; scope?: Scope | 'signed-in' };
  const schema = (input.schema ?? {}) as Schema;
  if (schema.hide) return jsonSchemaTransform(input);
  const access = security(config);
  const layers = Object.fromEntries(
    layerStatuses(method, route.url, config, access.length > 1).map((status) => [status, ZApiError]),
  );
  const { rawBody, ...declared } = schema;
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...declared, response: { ...layers, ...declared.response } },
  });
  const out = transformed.schema as Schema;
  // Platform staff naming an owner that does not exist get 404 (plugins/auth.ts), wherever `ownerId` is taken.
  const namesOwner = JSON.stringify([out.querystring, out.body]).includes('"ownerId":');
  if (namesOwner && !config.public && out.response) out.response['404'] ??= out.response['401'];
  out.operationId ??= operationId(method, route.url);
  out.security = access;
  if (rawBody) out.body = rawBody;
  for (const status of ['204', '205', '304']) {
    const response = out.response?.[status] as { description?: string } | undefined;
    if (response) out.response![status] = { type: 'null', description: response.description ?? 'No content' };
  }
  return transformed;
}
