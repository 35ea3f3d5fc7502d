import { ZSourcesHealthResponse, type TSourcesHealthResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sourcesKey } from './watchlists-key.ts';

/** GET /api/v1/watchlists/sources — every list's and report provider's health. */
export function getSources(signal?: AbortSignal): Promise<TSourcesHealthResponse> {
  return apiRequest('/api/v1/watchlists/sources', ZSourcesHealthResponse, { signal });
}

export function useSources() {
  // A sync asked for runs in the background: the page looks again now and then rather than wait for an event.
  return useQuery(
    queryOptions({ queryKey: sourcesKey, queryFn: ({ signal }) => getSources(signal), refetchInterval: 30_000 }),
  );
}
