import type { TAuthUser, TLoginRequest, TTokenResponse } from '@centinela/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { clearTokens, storeTokens } from '../../../lib/auth-storage.ts';
import { lazyParser } from '../../../lib/http.ts';
import { getUser } from './fetch-user.ts';

/** POST /api/auth/login (local strategy, SPEC §7). */
export function login(input: TLoginRequest): Promise<TTokenResponse> {
  const parser = lazyParser(() => import('@centinela/shared/auth/schemas').then((m) => m.ZTokenResponse));
  return apiRequest('/api/auth/login', parser, { method: 'POST', body: input, auth: false });
}

/**
 * Signed in = a token is stored and the user record is fetched (SPEC §4); a half sign-in is undone.
 * Plain async (no TanStack Query): the sign-in page's own bundle uses it too (sign-in/sign-in-app.tsx).
 */
export async function signInWithPassword(input: TLoginRequest): Promise<TAuthUser> {
  storeTokens(await login(input), 'local');
  try {
    const user = await getUser();
    if (!user) throw new ApiError(401, 'unauthenticated', 'No user for this token');
    return user;
  } catch (error) {
    clearTokens();
    throw error;
  }
}
