import type { TAuthUser } from '@centinela/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { hasToken } from '../../../lib/auth-storage.ts';
import { lazyParser } from '../../../lib/http.ts';

// The sign-in page asks for it too: its schema (zod) loads only when there is a session to check.
const userResponse = lazyParser(() => import('@centinela/shared/auth/schemas').then((m) => m.ZUserResponse));

/** GET /api/auth/user → the signed-in user, or null when there is no (valid) session. */
export async function getUser(): Promise<TAuthUser | null> {
  if (!hasToken()) return null;
  try {
    const { user } = await apiRequest('/api/auth/user', userResponse);
    return user;
  } catch (error) {
    // apiRequest has already reset auth state on a 401: being signed out is an answer, not a failure.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
