import { ZLoadListResponse, type TLoadListResponse, type WatchlistSourceId } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from '../../../lib/api-error.ts';
import { resetAuth } from '../../../lib/auth-events.ts';
import { getAuthorization } from '../../../lib/auth-storage.ts';
import i18n from '../../../lib/i18n.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';
import { watchlistsKey } from './watchlists-key.ts';

/** A refused list file: the translated code says why, `detail` is the parser's own words (issues[0]). */
export class ListUploadError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly detail: string | null,
  ) {
    super(status, code, message);
  }
}

type Answer = { status: number; body: unknown };

/** What the server accepts as a list; an XML list is sent as XML, anything else as CSV. */
export function listContentType(file: File): string {
  return /\.xml$/i.test(file.name) || file.type.endsWith('/xml') ? 'application/xml' : 'text/csv';
}

function post(source: WatchlistSourceId, file: File, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: only it reports upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      `/api/v1/watchlists/sources/${encodeURIComponent(source)}/upload?fileName=${encodeURIComponent(file.name)}`,
    );
    xhr.setRequestHeader('Content-Type', listContentType(file));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    const authorization = getAuthorization();
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status alone speaks.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'network error'));
    xhr.send(file);
  });
}

function errorOf({ status, body }: Answer): ListUploadError {
  const data = (body ?? {}) as { code?: unknown; message?: unknown; issues?: { message?: unknown }[] };
  const code = typeof data.code === 'string' ? data.code : 'internal';
  const detail = data.issues?.[0]?.message;
  return new ListUploadError(
    status,
    code,
    typeof data.message === 'string' ? data.message : code,
    typeof detail === 'string' ? detail : null,
  );
}

/**
 * POST /api/v1/watchlists/sources/:id/upload — the file itself as the body (the server streams it into a
 * new version), with upload progress. A file that is not a whole list is refused (422) and the current
 * version stays.
 */
export async function uploadList(
  source: WatchlistSourceId,
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<TLoadListResponse> {
  let answer = await post(source, file, onProgress);
  if (answer.status === 401) {
    const error = errorOf(answer);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    answer = await post(source, file, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) throw errorOf(answer);
  const parsed = ZLoadListResponse.safeParse(answer.body);
  if (!parsed.success) throw new ApiError(answer.status, INVALID_RESPONSE, 'Unexpected response');
  return parsed.data;
}

export function useUploadList(source: WatchlistSourceId, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadList(source, file, onProgress),
    // A refusal is recorded on the source as its last error: the page shows that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistsKey }),
  });
}
