import type { TProfileCountsResponse, TProfileFilter } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { filterQuery } from '../utils/filters.ts';
import { LIST_STALE_MS } from './get-profiles.ts';

/** GET /api/v1/profiles/counts — per status; the server ignores the status filter, so it is left out of the key. */
// The schema (zod) loads with the first request, so the list's first paint does not wait for it.
const parser = lazyParser(() => import('@centinela/shared/profiles/summary').then((m) => m.ZProfileCountsResponse));

export function getProfileCounts(filter: TProfileFilter, signal?: AbortSignal): Promise<TProfileCountsResponse> {
  return apiRequest(`/api/v1/profiles/counts${filterQuery(filter)}`, parser, { signal });
}

export function getProfileCountsQueryOptions(filter: TProfileFilter) {
  const { status: _ignored, ...rest } = filter;
  return queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, 'counts', rest] as const,
    queryFn: ({ signal }) => getProfileCounts(rest, signal),
    staleTime: LIST_STALE_MS,
  });
}

export function useProfileCounts(filter: TProfileFilter) {
  return useQuery(getProfileCountsQueryOptions(filter));
}
