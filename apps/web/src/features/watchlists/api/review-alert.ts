import { ZWatchlistAlert, type TWatchlistAlert, type WatchlistAlertResolution } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { watchlistsKey } from './watchlists-key.ts';

/** POST /api/v1/watchlists/alerts/:id/review — a homonym is ruled out for that entry for good. */
export function reviewAlert(
  id: string,
  resolution: WatchlistAlertResolution,
  reason?: string,
): Promise<TWatchlistAlert> {
  return apiRequest(`/api/v1/watchlists/alerts/${encodeURIComponent(id)}/review`, ZWatchlistAlert, {
    method: 'POST',
    body: { resolution, reason },
  });
}

export function useReviewAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution, reason }: { id: string; resolution: WatchlistAlertResolution; reason?: string }) =>
      reviewAlert(id, resolution, reason),
    // A homonym takes the finding off the person's report: their status may change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: watchlistsKey }),
        queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
      ]),
  });
}
