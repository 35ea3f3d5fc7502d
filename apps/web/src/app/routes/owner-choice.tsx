import { hasScope, PLATFORM_ROLES, type TAuthUser } from '@centinela/shared';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOwners } from '../../features/management/api/get-owners.ts';

/**
 * The client a page of one owner's data shows. Platform staff, who belong to no owner, choose it first
 * (kept in the address as ?owner=); everyone else sees their own owner's, with no picker.
 */
export function useOwnerChoice(user: TAuthUser | null | undefined) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const platform = Boolean(user && !user.owner && user.roles.some((r) => PLATFORM_ROLES.includes(r)));
  const owners = useOwners({ sort: 'name', pageSize: 100 }, platform && hasScope(user?.scope, 'owners:manage'));
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
  return { platform, ownerId, picker, needsOwner: platform && !ownerId };
}
