import { hasScope } from '@centinela/shared';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../features/auth/api/get-user.ts';
import { SourcesScreen } from '../../features/watchlists/components/sources-screen.tsx';

/** /sources — the watch lists' and report providers' health, for platform staff (watchlists:manage). */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null;
  if (!hasScope(user.scope, 'watchlists:manage')) {
    return (
      <Alert color="red" role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }
  return <SourcesScreen />;
}
