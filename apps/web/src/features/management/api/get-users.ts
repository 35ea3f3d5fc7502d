import { ZListUsersResponse, type TListUsersRequest, type TListUsersResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryString } from '../utils/query-string.ts';

export type UsersQuery = Partial<TListUsersRequest>;

/** GET /api/v1/users — filtered by owner, role, status, country. */
export function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<TListUsersResponse> {
  return apiRequest(`/api/v1/users${queryString(query)}`, ZListUsersResponse, { signal });
}

export const usersKey = ['management', 'users'] as const;

export function getUsersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [...usersKey, query] as const,
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(getUsersQueryOptions(query));
}
