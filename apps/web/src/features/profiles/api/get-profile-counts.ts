import { ZProfileCountsResponse, type TProfileCountsResponse, type TProfileFilter } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { filterQuery } from '../utils/filters.ts';

/** GET /api/v1/profiles/counts — per status; the server ignores the status filter, so it is left out of the key. */
export function getProfileCounts(filter: TProfileFilter, signal?: AbortSignal): Promise<TProfileCountsResponse> {
  return apiRequest(`/api/v1/profiles/counts${filterQuery(filter)}`, ZProfileCountsResponse, { signal });
}

export function getProfileCountsQueryOptions(filter: TProfileFilter) {
  const { status: _ignored, ...rest } = filter;
  return queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, 'counts', rest] as const,
    queryFn: ({ signal }) => getProfileCounts(rest, signal),
  });
}

export function useProfileCounts(filter: TProfileFilter) {
  return useQuery(getProfileCountsQueryOptions(filter));
}
