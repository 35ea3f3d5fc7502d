import { ZListOwnersResponse, type TListOwnersRequest, type TListOwnersResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryString } from '../utils/query-string.ts';

export type OwnersQuery = Partial<TListOwnersRequest>;

/** GET /api/v1/owners — searched, sorted, paged; `active: 'false'` is the inactive list. */
export function getOwners(query: OwnersQuery, signal?: AbortSignal): Promise<TListOwnersResponse> {
  return apiRequest(`/api/v1/owners${queryString(query)}`, ZListOwnersResponse, { signal });
}

export const ownersKey = ['management', 'owners'] as const;

export function getOwnersQueryOptions(query: OwnersQuery) {
  return queryOptions({
    queryKey: [...ownersKey, query] as const,
    queryFn: ({ signal }) => getOwners(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOwners(query: OwnersQuery, enabled = true) {
  return useQuery({ ...getOwnersQueryOptions(query), enabled });
}
