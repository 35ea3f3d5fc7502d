import { ZAnalyticsResponse, type TAnalyticsQuery, type TAnalyticsResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/metrics/analytics */
export function getAnalytics(query: TAnalyticsQuery, signal?: AbortSignal): Promise<TAnalyticsResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return apiRequest(`/api/v1/metrics/analytics?${params.toString()}`, ZAnalyticsResponse, { signal });
}

export const analyticsKey = ['metrics', 'analytics'] as const;

export function getAnalyticsQueryOptions(query: TAnalyticsQuery) {
  return queryOptions({
    queryKey: [...analyticsKey, query] as const,
    queryFn: ({ signal }) => getAnalytics(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAnalytics(query: TAnalyticsQuery) {
  return useQuery(getAnalyticsQueryOptions(query));
}
