import { COUNTRIES, hasScope } from '@centinela/shared';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useOwnerChoice } from './owner-choice.tsx';
import { InboxScreen } from '../../features/inbox/components/inbox-screen.tsx';

/**
 * /inbox — the review inbox (profiles:read; reviewers assign). Platform staff, who belong to no owner,
 * choose the client first (kept in the address as ?owner=).
 */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { platform, ownerId, picker, needsOwner } = useOwnerChoice(user);
  if (!user) return null;
  if (!hasScope(user.scope, 'profiles:read')) {
    return (
      <Alert color="red" role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }
  return (
    <InboxScreen
      countries={platform ? COUNTRIES : user.availableCountries}
      canAssign={hasScope(user.scope, 'reports:review')}
      ownerId={ownerId}
      ownerPicker={picker}
      needsOwner={needsOwner}
    />
  );
}
