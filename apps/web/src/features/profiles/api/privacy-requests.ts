import {
  ZCandidateLink,
  ZListPrivacyRequestsResponse,
  ZPrivacyRequest,
  type Locale,
  type TCandidateLink,
  type TListPrivacyRequestsResponse,
  type TPrivacyRequest,
} from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The candidate's requests on a person (corrections, copies) and the link to their own page. */
export const privacyRequestsKey = (id: string) => ['profiles', 'privacy-requests', id] as const;
const base = (id: string) => `/api/v1/profiles/${encodeURIComponent(id)}`;

/** GET /api/v1/profiles/:id/privacy-requests */
export function usePrivacyRequests(id: string) {
  return useQuery({
    queryKey: privacyRequestsKey(id),
    queryFn: ({ signal }): Promise<TListPrivacyRequestsResponse> =>
      apiRequest(`${base(id)}/privacy-requests`, ZListPrivacyRequestsResponse, { signal }),
  });
}

/** POST /api/v1/privacy-requests/:requestId/resolve */
export function useResolveCorrection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, resolution }: { requestId: string; resolution: string }): Promise<TPrivacyRequest> =>
      apiRequest(`/api/v1/privacy-requests/${encodeURIComponent(requestId)}/resolve`, ZPrivacyRequest, {
        method: 'POST',
        body: { resolution },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyRequestsKey(id) }),
  });
}

/** POST /api/v1/profiles/:id/candidate-link */
export function useCandidateLink(id: string) {
  return useMutation({
    mutationFn: (locale: Locale): Promise<TCandidateLink> =>
      apiRequest(`${base(id)}/candidate-link`, ZCandidateLink, { method: 'POST', body: { locale } }),
  });
}
