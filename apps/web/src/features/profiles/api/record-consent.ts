import { CONSENT_VERSION, ZSetConsentDocumentResponse, type TPersonConsent } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKey } from './get-profile.ts';

/** POST /api/v1/profiles/:id/consent — a new consent, attested by the caller, after the candidate withdrew theirs. */
export function useRecordConsent(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TPersonConsent> =>
      (
        await apiRequest(`/api/v1/profiles/${encodeURIComponent(profileId)}/consent`, ZSetConsentDocumentResponse, {
          method: 'POST',
          body: { attested: true, consentVersion: CONSENT_VERSION },
        })
      ).consent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey(profileId) }),
  });
}
