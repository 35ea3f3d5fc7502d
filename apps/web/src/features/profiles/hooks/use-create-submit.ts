import type { TCreateProfileRequest, TGetProfileResponse } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateProfile } from '../api/create-profile.ts';

/** Creates a person and says how it went: a toast on success, "Unable to create profile" on failure (SPEC §8). */
export function useCreateSubmit(onCreated: (profile: TGetProfileResponse) => void) {
  const { t } = useTranslation();
  const create = useCreateProfile();
  const submit = (body: TCreateProfileRequest) =>
    create.mutate(body, {
      onSuccess: ({ profile }) => {
        notifications.show({ color: 'green', message: t('profiles.create.done', { name: profile.name }) });
        onCreated(profile);
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('profiles.create.failed'), message: errorMessage(t, error) }),
    });
  return { submit, pending: create.isPending, error: create.error };
}
