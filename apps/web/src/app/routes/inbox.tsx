import { COUNTRIES, hasScope, PLATFORM_ROLES } from '@centinela/shared';
import { Alert, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../features/auth/api/get-user.ts';
import { InboxScreen } from '../../features/inbox/components/inbox-screen.tsx';
import { useOwners } from '../../features/management/api/get-owners.ts';

/**
 * /inbox — the review inbox (profiles:read; reviewers assign). Platform staff, who belong to no owner,
 * choose the client first (kept in the address as ?owner=).
 */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [search, setSearch] = useSearchParams();
  const platform = Boolean(user && !user.owner && user.roles.some((r) => PLATFORM_ROLES.includes(r)));
  const owners = useOwners({ sort: 'name', pageSize: 100 }, platform && hasScope(user?.scope, 'owners:manage'));
  if (!user) return null;
  if (!hasScope(user.scope, 'profiles:read')) {
    return (
      <Alert color="red" role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }
  const ownerId = platform ? (search.get('owner') ?? undefined) : undefined;
  const picker = platform && (
    <Select
      label={t('watchlists.monitoring.owner')}
      placeholder={t('watchlists.monitoring.ownerPlaceholder')}
      data={(owners.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
      value={ownerId ?? null}
      onChange={(id) => setSearch(id ? { owner: id } : {}, { replace: true })}
      searchable
      maw={420}
    />
  );
  return (
    <InboxScreen
      countries={platform ? COUNTRIES : user.availableCountries}
      canAssign={hasScope(user.scope, 'reports:review')}
      ownerId={ownerId}
      ownerPicker={picker}
      needsOwner={platform && !ownerId}
    />
  );
}
