import { ZUpload, type TUpload } from '@centinela/shared';
import { getAuthorization } from './auth-storage.ts';
import { readBody, readError } from './http.ts';
import i18n from './i18n.ts';
import { getPublicConfig } from './public-config-request.ts';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

/** SPEC §7: upload used with no uploader configured. */
export class NoUploaderError extends Error {
  override readonly name = 'NoUploaderError';
}

/** Where uploads go: the server's advertised endpoint (GET /api/config), or null when there is none. */
export async function configuredUploadUrl(): Promise<string | null> {
  const config = await getPublicConfig();
  return config.uploads?.url ?? null;
}

/**
 * The upload helper (SPEC §7): a multipart/form-data post of one file (field `file`) to `url`, or to the
 * configured upload URL when none is given. Without either it throws "No uploader has been defined"
 * (translated). The server checks the type by content; its refusals come back as ApiError.
 */
export async function uploadFile(
  file: Blob & { name?: string },
  opts: { url?: string | null; query?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<TUpload> {
  const url = opts.url === undefined ? await configuredUploadUrl() : opts.url;
  if (!url) throw new NoUploaderError(i18n.t('uploads.noUploader'));
  const body = new FormData();
  body.append('file', file, file.name ?? 'file');
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language });
  const authorization = getAuthorization();
  if (authorization) headers.set('Authorization', authorization);
  const target = opts.query ? `${url}?${new URLSearchParams(opts.query).toString()}` : url;
  let response: Response;
  try {
    response = await fetch(target, { method: 'POST', body, headers, signal: opts.signal ?? null });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await readError(response);
  return readBody(response, ZUpload);
}
