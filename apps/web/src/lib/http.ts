import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from './api-error.ts';
import { getAuthorization } from './auth-storage.ts';
import i18n from './i18n.ts';
import { localeFromPath } from './locale.ts';
import { zodFirst } from './zod-first.ts';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
};

/**
 * Anything with zod's `parse`: the shared schemas validate what the API answers. `preload`, when there,
 * is called as the request starts (apiRequest).
 */
export type Parser<T> = { parse: (data: unknown) => T | Promise<T>; preload?: () => void };

/**
 * A shared schema loaded on demand: the sign-in page and the profile list's first paint do not
 * wait for zod. The module starts loading with the request (apiRequest calls `preload`), not after it, and
 * once zod has been evaluated in a task of its own (zod-first.ts).
 */
export function lazyParser<T>(load: () => Promise<Parser<T>>): Parser<T> {
  let schema: Promise<Parser<T>> | null = null;
  const preload = () => (schema ??= zodFirst().then(load));
  return {
    preload: () => void preload().catch(() => undefined),
    parse: async (data) => (await preload()).parse(data),
  };
}

/** One raw request: JSON in, the caller's language and bearer token attached. Throws only on network failure. */
export async function send(
  path: string,
  { method = 'GET', body, auth = true, signal }: RequestOptions,
): Promise<Response> {
  // Requests started at start-up (lib/early.ts) may go before i18next has settled its language.
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': i18n.language || localeFromPath(window.location.pathname),
  });
  const authorization = auth ? getAuthorization() : null;
  if (authorization) headers.set('Authorization', authorization);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
  }
}

export async function readError(response: Response): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => null);
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') {
    const message = 'message' in data && typeof data.message === 'string' ? data.message : data.code;
    return new ApiError(response.status, data.code, message);
  }
  return new ApiError(response.status, 'internal', response.statusText || 'Error');
}

export async function readBody<T>(response: Response, parser: Parser<T>): Promise<T> {
  const data: unknown = await response.json().catch(() => undefined);
  try {
    return await parser.parse(data);
  } catch {
    throw new ApiError(response.status, INVALID_RESPONSE, `Unexpected response from ${response.url || 'the API'}`);
  }
}
