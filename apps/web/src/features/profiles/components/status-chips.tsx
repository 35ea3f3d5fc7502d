import { PROFILE_STATUSES, type ProfileStatus, type TProfileFilter } from '@centinela/shared';
import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useProfileCounts } from '../api/get-profile-counts.ts';
import { STATUS_COLORS } from './status-badge.tsx';

type StatusChipsProps = { filter: TProfileFilter; value: ProfileStatus[]; onChange: (value: ProfileStatus[]) => void };

/**
 * The status filter as chips, each with how many persons the rest of the filter matches in it. The chips
 * are there from the first paint, with '…' for the figures until they arrive: a one-line placeholder
 * would push the list down when the chips, wrapping to several lines on a phone, replace it (issue #11).
 */
export function StatusChips({ filter, value, onChange }: StatusChipsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const counts = useProfileCounts(filter);
  const byStatus = counts.data?.byStatus;
  return (
    <Chip.Group multiple value={value} onChange={(next) => onChange(PROFILE_STATUSES.filter((s) => next.includes(s)))}>
      <Group gap="xs" role="group" aria-label={t('profiles.filters.status')} aria-busy={counts.isPending}>
        {PROFILE_STATUSES.map((status) => (
          <Chip key={status} value={status} color={STATUS_COLORS[status]} size="sm">
            {t('profiles.filters.statusCount', {
              status: t(`profiles.status.${status}`),
              n: byStatus ? formatNumber(byStatus[status], locale) : '…',
            })}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
