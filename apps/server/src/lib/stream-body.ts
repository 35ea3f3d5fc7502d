import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * The content-type parser of a plugin whose file routes read their body as a stream (CSV, list files):
 * those routes get the stream; a route of the same plugin that takes JSON (its schema has a body) gets
 * 415, not a stream its schema would check field by field.
 */
export function streamBody(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
) {
  if (request.routeOptions.schema?.body) return done(new ApiError(415, 'unsupported_media_type'));
  done(null, payload);
}
