import type { TAuthUser } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { hasToken } from '../../../lib/auth-storage.ts';
import { early } from '../../../lib/early.ts';
import { lazyParser } from '../../../lib/http.ts';

// The sign-in page reads this query too: its schema (zod) loads only when there is a session to check.
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

export const userQueryKey = ['auth', 'user'] as const;

const earlyUser = early(getUser);
/** Starts GET /api/auth/user at start-up when a session is stored: the signed-in pages' guards wait for it. */
export const prefetchUser = (): void => earlyUser.start();

export function getUserQueryOptions() {
  return queryOptions({ queryKey: userQueryKey, queryFn: earlyUser.take, staleTime: 5 * 60_000 });
}

/** The signed-in user: `data` is null when signed out ("logged in" = data is a user). */
export function useUser() {
  return useQuery(getUserQueryOptions());
}
