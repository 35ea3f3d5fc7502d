import { queryOptions, useQuery } from '@tanstack/react-query';
import { early } from '../../../lib/early.ts';
import { getUser } from './fetch-user.ts';

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
