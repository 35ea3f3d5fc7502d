import {
  ZCandidateIdentitySubmitted,
  ZCandidatePage,
  ZPrivacyRequest,
  type TCandidatePage,
  type TCreateCorrectionRequest,
  type TPrivacyRequest,
} from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The candidate's own page: no sign-in, the code in the link is the key. */
export const candidatePageKey = (code: string) => ['candidate', code] as const;
const base = (code: string) => `/api/v1/public/candidate/${encodeURIComponent(code)}`;

/** While a copy is being prepared the page looks again every few seconds. */
const PREPARING_POLL_MS = 3_000;

export function useCandidatePage(code: string) {
  return useQuery({
    queryKey: candidatePageKey(code),
    queryFn: ({ signal }): Promise<TCandidatePage> => apiRequest(base(code), ZCandidatePage, { auth: false, signal }),
    refetchInterval: (query) =>
      query.state.data?.requests.some((r) => r.status === 'preparing') ? PREPARING_POLL_MS : false,
  });
}

/** Each request answers with the new request (or the page); the page is read again to show it. */
function usePageMutation<In, Out>(code: string, run: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidatePageKey(code) }),
  });
}

/** POST …/corrections */
export const useRequestCorrection = (code: string) =>
  usePageMutation(code, (body: TCreateCorrectionRequest): Promise<TPrivacyRequest> =>
    apiRequest(`${base(code)}/corrections`, ZPrivacyRequest, { method: 'POST', body, auth: false }),
  );

/** POST …/exports */
export const useRequestExport = (code: string) =>
  usePageMutation(code, (): Promise<TPrivacyRequest> =>
    apiRequest(`${base(code)}/exports`, ZPrivacyRequest, { method: 'POST', auth: false }),
  );

/** POST …/withdraw */
export const useWithdrawConsent = (code: string) =>
  usePageMutation(code, (): Promise<TCandidatePage> =>
    apiRequest(`${base(code)}/withdraw`, ZCandidatePage, { method: 'POST', auth: false }),
  );

/** POST {submitUrl}: the candidate's identity pictures are in; the check starts and the page no longer asks for them. */
export const useSubmitIdentity = (code: string, submitUrl: string) =>
  usePageMutation(code, () => apiRequest(submitUrl, ZCandidateIdentitySubmitted, { method: 'POST', auth: false }));
