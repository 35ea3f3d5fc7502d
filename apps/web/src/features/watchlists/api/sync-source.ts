import type { WatchlistSourceId } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sourcesKey } from './watchlists-key.ts';

/** 202, no body: nothing to check. */
const NO_CONTENT = { parse: () => undefined };

/** POST /api/v1/watchlists/sources/:id/sync — queued; the download runs in the background. */
export function syncSource(id: WatchlistSourceId): Promise<void> {
  return apiRequest(`/api/v1/watchlists/sources/${encodeURIComponent(id)}/sync`, NO_CONTENT, { method: 'POST' });
}

export function useSyncSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey }),
  });
}
