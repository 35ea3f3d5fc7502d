import { ROLES, USER_STATUSES, type TListUsersRequest } from '@centinela/shared';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { countryChoices, roleChoices } from '../utils/choices.ts';

export type UserFilterValues = Pick<TListUsersRequest, 'ownerId' | 'role' | 'status' | 'country'> & { q?: string };

type Props = {
  value: UserFilterValues;
  onChange: (next: UserFilterValues) => void;
  owners: { value: string; label: string }[] | null;
};

/** Owner (platform staff only), role, status, country and a username search. */
export function UserFilters({ value, onChange, owners }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const set = (patch: Partial<UserFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label={t('management.users.filters')}>
      <TextInput
        label={t('management.search')}
        placeholder={t('management.users.searchPlaceholder')}
        value={value.q ?? ''}
        onChange={(e) => set({ q: e.currentTarget.value })}
        w={220}
      />
      {owners && (
        <Select
          label={t('management.users.fields.ownerId')}
          data={owners}
          value={value.ownerId ?? null}
          onChange={(v) => set({ ownerId: v ?? undefined })}
          searchable
          clearable
          w={200}
        />
      )}
      <Select
        label={t('management.users.fields.roles')}
        data={roleChoices(t, ROLES)}
        value={value.role ?? null}
        onChange={(v) => set({ role: (v ?? undefined) as UserFilterValues['role'] })}
        clearable
        w={150}
      />
      <Select
        label={t('management.users.fields.status')}
        data={USER_STATUSES.map((s) => ({ value: s, label: t(`management.statuses.${s}`) }))}
        value={value.status ?? null}
        onChange={(v) => set({ status: (v ?? undefined) as UserFilterValues['status'] })}
        clearable
        w={140}
      />
      <Select
        label={t('management.users.country')}
        data={countryChoices(locale)}
        value={value.country ?? null}
        onChange={(v) => set({ country: (v ?? undefined) as UserFilterValues['country'] })}
        clearable
        w={160}
      />
    </Group>
  );
}
