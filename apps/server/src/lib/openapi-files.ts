import { z } from 'zod';

/** A file's bytes in the OpenAPI document (a string of format binary); never serialised as JSON. */
export const ZFileBytes = z.any().meta({ type: 'string', format: 'binary' });

/** `text/csv; charset=utf-8` → `text/csv`: the document names media types, the header adds parameters. */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim();

/**
 * An answer that is a file in one of these media types (a stream or a buffer), as a route's response:
 * `response: { 200: fileResponse('The selection', ['text/csv']) }`.
 */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  const content = Object.fromEntries(contentTypes.map((type) => [mediaType(type), { schema: ZFileBytes }]));
  return { description, content };
}

/** A request body the handler reads itself (a file, a stream): the document shows it, no schema checks it. */
export type RawBody = { description: string; content: Record<string, { schema: object }> };

declare module 'fastify' {
  interface FastifySchema {
    /** Documented as the operation's request body by plugins/openapi.ts; Fastify ignores it. */
    rawBody?: RawBody;
  }
}

const binary = { type: 'string', format: 'binary' };

/** The whole body is the file, sent as any of these media types. */
export function fileBody(description: string, contentTypes: readonly string[]): RawBody {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [mediaType(type), { schema: binary }])),
  };
}

/** A multipart form whose one part `file` is the file. */
export function multipartFileBody(description: string): RawBody {
  return {
    description,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: binary }, required: ['file'] },
      },
    },
  };
}
