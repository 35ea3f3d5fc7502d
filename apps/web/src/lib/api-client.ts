import { resetAuth } from './auth-events.ts';
import { readBody, readError, send, type Parser, type RequestOptions } from './http.ts';
import { nextTask } from './next-task.ts';
import { refreshSession } from './refresh-session.ts';

const ACCOUNT_NOT_AUTHORIZED = 'account_not_authorized';

/**
 * A JSON call to the API, its answer checked by `parser`. On a 401 `token_expired` the session is
 * refreshed once and the call retried; any other 401 (or a failed refresh) resets auth state (SPEC §4).
 * A 403 `account_not_authorized` (the user or the owner was deactivated mid-session) is an auth error
 * too: it resets auth state with that reason. Calls made without the bearer token (`auth: false`, e.g.
 * login) never reset anything. Each call starts in a task of its own: starting one (its schema's import,
 * `fetch`) costs a few ms, and a page's first commit or the start-up's prefetches start several at once,
 * which made one long task of them.
 */
export async function apiRequest<T>(path: string, parser: Parser<T>, options: RequestOptions = {}): Promise<T> {
  await nextTask();
  // Cancelled while it waited for its task (its page closed, its query was dropped): nothing to send.
  options.signal?.throwIfAborted();
  parser.preload?.();
  let response = await send(path, options);
  if (response.status === 401 && options.auth !== false) {
    const error = await readError(response);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    response = await send(path, options);
    if (response.status === 401) {
      resetAuth();
      throw await readError(response);
    }
  }
  if (response.status === 403 && options.auth !== false) {
    const error = await readError(response);
    if (error.code === ACCOUNT_NOT_AUTHORIZED) resetAuth(ACCOUNT_NOT_AUTHORIZED);
    throw error;
  }
  if (!response.ok) throw await readError(response);
  return readBody(response, parser);
}
