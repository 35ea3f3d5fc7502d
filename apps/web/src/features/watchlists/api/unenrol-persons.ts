import { ZUnenrolResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { watchlistsKey } from './watchlists-key.ts';

/** POST /api/v1/watchlists/enrolments/delete — the persons are no longer screened against new list versions. */
export async function unenrolPersons(input: { profileIds: string[]; ownerId?: string }): Promise<number> {
  return (await apiRequest('/api/v1/watchlists/enrolments/delete', ZUnenrolResponse, { method: 'POST', body: input }))
    .removed;
}

export function useUnenrolPersons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrolPersons,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistsKey }),
  });
}
