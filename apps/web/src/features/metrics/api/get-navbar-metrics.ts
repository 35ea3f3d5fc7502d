import type { TNavbarMetricsResponse } from '@centinela/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';
import { browserTimeZone } from '../utils/time-zone.ts';

/** GET /api/v1/metrics/navbar — "today" is the browser's day. */
// The schema (zod) loads with the first request, so the navbar's first paint does not wait for it.
const parser = lazyParser(() =>
  import('@centinela/shared/metrics/navbar-response').then((m) => m.ZNavbarMetricsResponse),
);

export function getNavbarMetrics(timeZone: string, signal?: AbortSignal): Promise<TNavbarMetricsResponse> {
  return apiRequest(`/api/v1/metrics/navbar?tz=${encodeURIComponent(timeZone)}`, parser, { signal });
}

/** Under PROFILES_QUERY_KEY: the live report and profile events refresh it (lib/realtime-queries.ts). */
export const navbarMetricsKey = [...PROFILES_QUERY_KEY, 'metrics', 'navbar'] as const;

export function getNavbarMetricsQueryOptions(timeZone = browserTimeZone()) {
  return queryOptions({
    queryKey: [...navbarMetricsKey, timeZone] as const,
    queryFn: ({ signal }) => getNavbarMetrics(timeZone, signal),
    staleTime: 30_000,
    // A new day starts without any event: look again now and then.
    refetchInterval: 5 * 60_000,
  });
}

/** The figures; a 'credits.updated' event carries the new balance, so it is written in without a refetch. */
export function useNavbarMetrics() {
  const queryClient = useQueryClient();
  useRealtime('credits.updated', ({ creditsAvailable }) => {
    queryClient.setQueriesData<TNavbarMetricsResponse>(
      { queryKey: navbarMetricsKey },
      (data) => data && { ...data, creditsAvailable },
    );
  });
  return useQuery(getNavbarMetricsQueryOptions());
}
