import { PROFILE_SORTS, type ProfileSort } from '@centinela/shared';
import { ActionIcon, Group } from '@mantine/core';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from 'react-i18next';

type SortControlProps = {
  sort: ProfileSort;
  order: 'asc' | 'desc';
  onChange: (patch: { sort?: ProfileSort; order?: 'asc' | 'desc' }) => void;
};

const ARROWS = { asc: '↑', desc: '↓' } as const;

/** Sort field and direction; a new sort restarts paging (the keyset cursor belongs to its sort). */
export function SortControl({ sort, order, onChange }: SortControlProps) {
  const { t } = useTranslation();
  const next = order === 'asc' ? 'desc' : 'asc';
  return (
    <Group gap={4} align="flex-end">
      <Select
        label={t('profiles.sort.label')}
        data={PROFILE_SORTS.map((s) => ({ value: s, label: t(`profiles.sort.${s}`) }))}
        value={sort}
        onChange={(v) => v && onChange({ sort: v as ProfileSort })}
        w={150}
      />
      <ActionIcon
        variant="default"
        size="lg"
        mb={2}
        aria-label={t(order === 'asc' ? 'profiles.sort.ascending' : 'profiles.sort.descending')}
        title={t('profiles.sort.toggle')}
        onClick={() => onChange({ order: next })}
      >
        <span aria-hidden>{ARROWS[order]}</span>
      </ActionIcon>
    </Group>
  );
}
