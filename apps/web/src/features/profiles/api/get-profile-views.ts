import { ZListProfileViewsResponse, type TListProfileViewsResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

export const PROFILE_VIEWS_PAGE_SIZE = 20;

/** GET /api/v1/profiles/:id/views — who saw this person's data, newest first (managers and platform staff). */
export function getProfileViews(id: string, page: number, signal?: AbortSignal): Promise<TListProfileViewsResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PROFILE_VIEWS_PAGE_SIZE) });
  return apiRequest(`/api/v1/profiles/${encodeURIComponent(id)}/views?${query}`, ZListProfileViewsResponse, {
    signal,
  });
}

/** Under the profiles prefix: what refreshes the person (a live update) refreshes who saw them too. */
export const profileViewsKey = (id: string, page: number) => [...PROFILES_QUERY_KEY, 'views', id, page] as const;

export function useProfileViews(id: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: profileViewsKey(id, page),
      queryFn: ({ signal }) => getProfileViews(id, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
