import { ZSetConsentDocumentResponse, type TPersonConsent } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKey } from './get-profile.ts';

/** PUT /api/v1/profiles/:id/consent-document — the attestation's signed document, or none. */
export function useSetConsentDocument(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (uploadId: string | null): Promise<TPersonConsent> =>
      (
        await apiRequest(
          `/api/v1/profiles/${encodeURIComponent(profileId)}/consent-document`,
          ZSetConsentDocumentResponse,
          {
            method: 'PUT',
            body: { uploadId },
          },
        )
      ).consent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey(profileId) }),
  });
}
