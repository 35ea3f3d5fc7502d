import { ZUpdateProfileResponse, type TUpdateProfileRequest, type TUpdateProfileResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { profileKey } from './get-profile.ts';

/** PATCH /api/v1/profiles/:id — the review fields of SPEC §3. */
export function updateProfile(id: string, input: TUpdateProfileRequest): Promise<TUpdateProfileResponse> {
  return apiRequest(`/api/v1/profiles/${encodeURIComponent(id)}`, ZUpdateProfileResponse, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateProfileRequest) => updateProfile(id, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(id), profile);
      return queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    },
  });
}
