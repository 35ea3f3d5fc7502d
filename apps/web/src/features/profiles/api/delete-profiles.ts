import { ZDeleteProfilesResponse, type TDeleteProfilesRequest, type TDeleteProfilesResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/** POST /api/v1/profiles/delete — ids, or everything a filter matches. */
export function deleteProfiles(input: TDeleteProfilesRequest): Promise<TDeleteProfilesResponse> {
  return apiRequest('/api/v1/profiles/delete', ZDeleteProfilesResponse, { method: 'POST', body: input });
}

export function useDeleteProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
