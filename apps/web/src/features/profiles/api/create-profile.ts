import { ZCreateProfileResponse, type TCreateProfileRequest, type TCreateProfileResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/** POST /api/v1/profiles — a candidate (reports start now) or a pre-candidate. */
export function createProfile(input: TCreateProfileRequest): Promise<TCreateProfileResponse> {
  return apiRequest('/api/v1/profiles', ZCreateProfileResponse, { method: 'POST', body: input });
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    // The new person must show in the list and the counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
