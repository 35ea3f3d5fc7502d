import { ZReviewProfileResponse, type TReviewProfileRequest, type TReviewProfileResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { profileKey } from './get-profile.ts';

/** POST /api/v1/profiles/:id/review — approve or reject, only while PENDING_MANUAL_REVIEW. */
export function reviewProfile(id: string, input: TReviewProfileRequest): Promise<TReviewProfileResponse> {
  return apiRequest(`/api/v1/profiles/${encodeURIComponent(id)}/review`, ZReviewProfileResponse, {
    method: 'POST',
    body: input,
  });
}

export function useReviewProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReviewProfileRequest) => reviewProfile(id, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(id), profile);
      return queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    },
  });
}
