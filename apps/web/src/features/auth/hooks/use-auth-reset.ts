import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onAuthReset } from '../../../lib/auth-events.ts';
import { userQueryKey } from '../api/get-user.ts';
import { forgetSession } from '../utils/forget-session.ts';

/** When the API ends the session (any 401, or a 403 for a deactivated account), forget the user; the guards then send the visitor to sign-in. */
export function useAuthReset() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      onAuthReset((reason) => {
        const wasSignedIn = Boolean(queryClient.getQueryData(userQueryKey));
        forgetSession(queryClient);
        // With a reason, the sign-in page says it (the guard passes it on); the toast would say less.
        if (wasSignedIn && !reason) notifications.show({ color: 'yellow', message: t('auth.sessionEnded') });
      }),
    [queryClient, t],
  );
}
