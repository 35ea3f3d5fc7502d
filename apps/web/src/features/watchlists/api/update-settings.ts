import { ZWatchlistSettings, type TWatchlistSettings } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { watchlistsKey } from './watchlists-key.ts';

/** PATCH /api/v1/watchlists/settings — switching "monitor everyone" on enrols every current person too. */
export function updateSettings(input: Partial<TWatchlistSettings> & { ownerId?: string }): Promise<TWatchlistSettings> {
  return apiRequest('/api/v1/watchlists/settings', ZWatchlistSettings, { method: 'PATCH', body: input });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistsKey }),
  });
}
