import { hasScope } from '@centinela/shared';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useOwnerChoice } from './owner-choice.tsx';
import { MonitoringScreen } from '../../features/watchlists/components/monitoring-screen.tsx';

/**
 * /monitoring — the owner's watch-list monitoring (profiles:read). Platform staff, who belong to no owner,
 * choose the client first (kept in the address as ?owner=).
 */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { ownerId, picker, needsOwner } = useOwnerChoice(user);
  if (!user) return null;
  if (!hasScope(user.scope, 'profiles:read')) {
    return (
      <Alert color="red" role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }
  return (
    <MonitoringScreen
      can={{
        review: hasScope(user.scope, 'reports:review'),
        write: hasScope(user.scope, 'profiles:write'),
        manage: hasScope(user.scope, 'monitoring:manage'),
      }}
      ownerId={ownerId}
      ownerPicker={picker}
      needsOwner={needsOwner}
    />
  );
}
