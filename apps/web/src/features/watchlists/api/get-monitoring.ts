import { ZMonitoringSummary, type TMonitoringSummary } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { monitoringKey } from './watchlists-key.ts';
import { queryString } from './query-string.ts';

/** GET /api/v1/watchlists/monitoring — the owner's settings, persons enrolled, open alerts and lists. */
export function getMonitoring(ownerId: string | undefined, signal?: AbortSignal): Promise<TMonitoringSummary> {
  return apiRequest(`/api/v1/watchlists/monitoring${queryString({ ownerId })}`, ZMonitoringSummary, { signal });
}

export function useMonitoring(ownerId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...monitoringKey, ownerId ?? null] as const,
      queryFn: ({ signal }) => getMonitoring(ownerId, signal),
    }),
  );
}
