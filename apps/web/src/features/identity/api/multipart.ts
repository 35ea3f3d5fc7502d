import { ApiError, NETWORK_ERROR } from '../../../lib/api-error.ts';
import { resetAuth } from '../../../lib/auth-events.ts';
import { getAuthorization } from '../../../lib/auth-storage.ts';
import { readError } from '../../../lib/http.ts';
import i18n from '../../../lib/i18n.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';

/**
 * A multipart POST (pictures and the fields beside them) in the caller's language, with the session rules
 * of apiRequest when `auth`: one refresh on an expired token, else auth is reset. Answers the raw
 * response, any status: the caller reads a picture's refusal (422 with its problems) itself.
 */
export async function postMultipart(
  path: string,
  parts: Record<string, string | Blob | undefined>,
  { auth = true, headers = {} }: { auth?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const post = () => {
    const body = new FormData();
    // Fields before files: a streaming parser reads `kind` and the consent before it meets the bytes.
    const entries = Object.entries(parts).filter((e): e is [string, string | Blob] => e[1] !== undefined);
    for (const [name, value] of entries) if (typeof value === 'string') body.append(name, value);
    for (const [name, value] of entries)
      if (typeof value !== 'string') body.append(name, value, value instanceof File ? value.name : name);
    const h = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language, ...headers });
    const authorization = auth ? getAuthorization() : null;
    if (authorization) h.set('Authorization', authorization);
    return fetch(path, { method: 'POST', body, headers: h }).catch((error: unknown) => {
      throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
    });
  };
  let response = await post();
  if (auth && response.status === 401) {
    const error = await readError(response);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    response = await post();
  }
  return response;
}

/** A GET of a file (not JSON) with the session rules, as an object URL the caller revokes. */
export async function fetchObjectUrl(path: string, signal?: AbortSignal): Promise<string> {
  const get = () => {
    const h = new Headers({ 'Accept-Language': i18n.language });
    const authorization = getAuthorization();
    if (authorization) h.set('Authorization', authorization);
    return fetch(path, { headers: h, signal: signal ?? null });
  };
  let response = await get();
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    response = await get();
  }
  if (!response.ok) throw await readError(response);
  return URL.createObjectURL(await response.blob());
}
