import type { TCreateProfileRequest, TGetProfileResponse } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateProfile } from '../api/create-profile.ts';
import { useConsentAttestation } from './consent-attestation.ts';

/**
 * Creates a person and says how it went: a toast on success, "Unable to create profile" on failure (SPEC §8).
 * The dialog's consent attestation goes with it; nothing is sent while the required one is missing.
 */
export function useCreateSubmit(onCreated: (profile: TGetProfileResponse) => void) {
  const { t } = useTranslation();
  const create = useCreateProfile();
  const { attestation, blocked } = useConsentAttestation();
  const submit = (request: TCreateProfileRequest) => {
    if (blocked) return;
    const body = attestation ? { ...request, consentAttestation: attestation } : request;
    create.mutate(body, {
      onSuccess: ({ profile }) => {
        notifications.show({ color: 'green', message: t('profiles.create.done', { name: profile.name }) });
        onCreated(profile);
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('profiles.create.failed'), message: errorMessage(t, error) }),
    });
  };
  return { submit, pending: create.isPending, error: create.error, blocked };
}
