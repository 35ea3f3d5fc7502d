import { ZListVersionsResponse, type TWatchlistVersion, type WatchlistSourceId } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { versionsKey } from './watchlists-key.ts';

/** GET /api/v1/watchlists/versions?source= — one list's versions, newest first, with their deltas. */
export async function getVersions(source: WatchlistSourceId, signal?: AbortSignal): Promise<TWatchlistVersion[]> {
  return (
    await apiRequest(`/api/v1/watchlists/versions?source=${encodeURIComponent(source)}`, ZListVersionsResponse, {
      signal,
    })
  ).versions;
}

export function useVersions(source: WatchlistSourceId, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...versionsKey, source] as const,
      queryFn: ({ signal }) => getVersions(source, signal),
    }),
    enabled,
  });
}
