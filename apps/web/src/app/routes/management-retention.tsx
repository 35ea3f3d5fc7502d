import { PLATFORM_ROLES } from '@centinela/shared';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../features/auth/api/get-user.ts';
import { useOwners } from '../../features/management/api/get-owners.ts';
import { RetentionScreen } from '../../features/management/components/retention-screen.tsx';

/**
 * /management/retention — the owner's retention, upcoming expiries and legal holds (retention:manage).
 * Platform staff, who belong to no owner, choose the client first (kept in the address as ?owner=).
 */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [search, setSearch] = useSearchParams();
  const platform = Boolean(user && !user.owner && user.roles.some((r) => PLATFORM_ROLES.includes(r)));
  const owners = useOwners({ sort: 'name', pageSize: 100 }, platform);
  if (!user) return null;
  const ownerId = platform ? (search.get('owner') ?? undefined) : undefined;
  const picker = platform && (
    <Select
      label={t('management.retention.owner')}
      placeholder={t('management.retention.ownerPlaceholder')}
      data={(owners.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
      value={ownerId ?? null}
      onChange={(id) => setSearch(id ? { owner: id } : {}, { replace: true })}
      searchable
      maw={420}
    />
  );
  return <RetentionScreen ownerId={ownerId} ownerPicker={picker} needsOwner={platform && !ownerId} />;
}
