import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../../lib/api-error.ts';

const human = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Every part of a multipart request: files (by field name, into memory, each at most `maxBytes`) and
 * text fields. 415 `upload_invalid` when not multipart, 400 when malformed, 413 `upload_too_large` past
 * the limit — before anything is decoded.
 */
export async function readParts(
  request: FastifyRequest,
  { maxBytes, maxFiles }: { maxBytes: number; maxFiles: number },
): Promise<{ files: Map<string, Buffer>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new ApiError(415, 'upload_invalid');
  const files = new Map<string, Buffer>();
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: maxFiles, fields: 10, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.file.truncated) throw new ApiError(413, 'upload_too_large', { limit: human(maxBytes) });
        files.set(part.fieldname, body);
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'upload_too_large', { limit: human(maxBytes) });
    throw new ApiError(400, 'upload_invalid');
  }
  return { files, fields };
}
