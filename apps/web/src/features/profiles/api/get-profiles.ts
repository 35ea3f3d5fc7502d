import type { ProfileSort, TListProfilesResponse, TProfileFilter } from '@centinela/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { filterQuery } from '../utils/filters.ts';

/** The first page is small so the list shows fast; later pages take the API's maximum, so scrolling far (and a live refetch of every loaded page) needs fewer round trips. */
export const PAGE_SIZE = 50;
export const NEXT_PAGE_SIZE = 200;
/** How long an answer counts as fresh (a mount within it does not ask again). */
export const LIST_STALE_MS = 5_000;

// The schema (zod) loads with the first request, so the list's first paint does not wait for it.
const parser = lazyParser(() => import('@centinela/shared/profiles/summary').then((m) => m.ZListProfilesResponse));

export type ListQuery = { filter: TProfileFilter; sort: ProfileSort; order: 'asc' | 'desc' };

/** GET /api/v1/profiles — one keyset page; the cursor belongs to the sort it came from. */
export function getProfiles(
  query: ListQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TListProfilesResponse> {
  const qs = filterQuery(query.filter, {
    sort: query.sort,
    order: query.order,
    limit: String(cursor ? NEXT_PAGE_SIZE : PAGE_SIZE),
    cursor,
  });
  return apiRequest(`/api/v1/profiles${qs}`, parser, { signal });
}

export const profilesListKey = (query: ListQuery) => [...PROFILES_QUERY_KEY, 'list', query] as const;

export function getProfilesQueryOptions(query: ListQuery) {
  return infiniteQueryOptions({
    queryKey: profilesListKey(query),
    queryFn: ({ pageParam, signal }) => getProfiles(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Fresh for the first render of a page load that asked for it at start-up (prefetch-list.ts), not
    // fetched twice; changes reach the list by invalidation (mutations, realtime events) anyway.
    staleTime: LIST_STALE_MS,
  });
}

/** The list, page after page (scrolling near the end of the loaded rows fetches the next keyset page). */
export function useProfiles(query: ListQuery) {
  return useInfiniteQuery(getProfilesQueryOptions(query));
}
