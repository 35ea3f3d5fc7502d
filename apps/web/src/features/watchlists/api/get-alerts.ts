import type { TListAlertsResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { alertsKey, openAlertsKey } from './watchlists-key.ts';
import { queryString } from './query-string.ts';

// The schema (zod) loads with the first request: the navbar's count must not put zod in the list's first JS.
const parser = lazyParser(() => import('@centinela/shared/watchlists/alerts').then((m) => m.ZListAlertsResponse));

export type AlertsQuery = { state: 'open' | 'reviewed' | 'all'; profileId?: string; ownerId?: string };

/** GET /api/v1/watchlists/alerts — newest first (at most 500), with the count of open ones. */
export function getAlerts(query: AlertsQuery, signal?: AbortSignal): Promise<TListAlertsResponse> {
  return apiRequest(`/api/v1/watchlists/alerts${queryString(query)}`, parser, { signal });
}

export function getAlertsQueryOptions(query: AlertsQuery) {
  return queryOptions({
    queryKey: [...alertsKey, query] as const,
    queryFn: ({ signal }) => getAlerts(query, signal),
    staleTime: 30_000,
  });
}

export function useAlerts(query: AlertsQuery, enabled = true) {
  return useQuery({ ...getAlertsQueryOptions(query), enabled });
}

/** The open alerts of the user's owner (every owner for platform staff), under the key the persons list reads (openAlertsKey). */
export function useOpenAlerts() {
  return useQuery(
    queryOptions({
      queryKey: openAlertsKey,
      queryFn: ({ signal }) => getAlerts({ state: 'open' }, signal),
      staleTime: 30_000,
    }),
  );
}
