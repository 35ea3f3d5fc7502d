import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';

/**
 * The `userdata` guard: the page renders only once the user's record is loaded (a loader shows
 * meanwhile) and the account is active; an inactive account sees the not-authorized message (SPEC §8).
 */
export function UserdataGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();

  if (!user.data) return <PageLoader />;
  if (user.data.status !== 'active') {
    return (
      <Stack p="xl" align="center">
        <Alert color="red" role="alert">
          {t('errors.account_not_authorized')}
        </Alert>
      </Stack>
    );
  }
  return children;
}
