import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storeUpload, UploadRefused } from '../../../../domains/uploads/service.ts';
import { ApiError } from '../../../../lib/api-error.ts';
import { sendError } from '../../../../plugins/errors.ts';

/** Multipart bodies for the upload routes of this scope only (everything else stays JSON). */
export async function registerMultipart(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
}

const human = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * The one file of a multipart request, read into memory (at most UPLOAD_MAX_BYTES): 400 `upload_invalid`
 * without one, 413 `upload_too_large` past the limit.
 */
export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; body: Buffer }> {
  if (!request.isMultipart()) throw new ApiError(415, 'upload_invalid');
  let file;
  try {
    file = await request.file();
  } catch {
    throw new ApiError(400, 'upload_invalid');
  }
  if (!file) throw new ApiError(400, 'upload_invalid');
  let body: Buffer;
  try {
    body = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 'upload_too_large', { limit: human(maxBytes) });
    throw new ApiError(400, 'upload_invalid');
  }
  if (file.file.truncated) throw new ApiError(413, 'upload_too_large', { limit: human(maxBytes) });
  return { fileName: file.filename || 'file', body };
}

/**
 * Stores a file read by `readOneFile` and answers 201 with it; a type its content shows not allowed answers
 * 415 `upload_type_not_allowed` with the reason (every upload route: staff, form, candidate).
 */
export async function sendStoredUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Parameters<typeof storeUpload>[0],
  input: Parameters<typeof storeUpload>[1],
): Promise<FastifyReply> {
  try {
    return await reply.status(201).send(await storeUpload(deps, input));
  } catch (error) {
    if (error instanceof UploadRefused)
      return sendError(request, reply, 415, 'upload_type_not_allowed', {
        issues: [{ path: 'file', code: error.reason, key: `uploads.problems.${error.reason}` }],
      });
    throw error;
  }
}
