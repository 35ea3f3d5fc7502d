import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/use-realtime.ts';
import { watchlistsKey } from '../api/watchlists-key.ts';

/** A `watchlist.alert` event (a new alert, or one reviewed elsewhere) refreshes every watch-list query on screen. */
export function useAlertsLive(): void {
  const queryClient = useQueryClient();
  useRealtime('watchlist.alert', () => void queryClient.invalidateQueries({ queryKey: watchlistsKey }));
}
