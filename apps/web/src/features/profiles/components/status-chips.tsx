import { useId, type CSSProperties } from 'react';
import { PROFILE_STATUSES, type ProfileStatus, type TProfileFilter } from '@centinela/shared';
import { CheckIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useProfileCounts } from '../api/get-profile-counts.ts';
import { styleByStatus } from './status-badge.tsx';
import classes from './status-chips.module.css';

type StatusChipsProps = { filter: TProfileFilter; value: ProfileStatus[]; onChange: (value: ProfileStatus[]) => void };

/** Each status's colours when chosen, as Mantine's filled variant gives them. */
const CHECKED_STYLES = styleByStatus(
  (color) =>
    ({
      '--chip-bg': `var(--mantine-color-${color}-filled)`,
      '--chip-hover': `var(--mantine-color-${color}-filled-hover)`,
    }) as CSSProperties,
);

/**
 * The status filter as chips, each with how many persons the rest of the filter matches in it. The chips
 * are there from the first paint, with '…' for the figures until they arrive: a one-line placeholder
 * would push the list down when the chips, wrapping to several lines on a phone, replace it.
 * Plain checkboxes and labels (status-chips.module.css).
 */
export function StatusChips({ filter, value, onChange }: StatusChipsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const counts = useProfileCounts(filter);
  const byStatus = counts.data?.byStatus;
  const toggle = (status: ProfileStatus, checked: boolean) =>
    onChange(PROFILE_STATUSES.filter((s) => (s === status ? checked : value.includes(s))));
  return (
    <div className={classes.group} role="group" aria-label={t('profiles.filters.status')} aria-busy={counts.isPending}>
      {PROFILE_STATUSES.map((status) => {
        const checked = value.includes(status);
        return (
          <div key={status}>
            <input
              type="checkbox"
              className={classes.input}
              id={`${id}${status}`}
              value={status}
              checked={checked}
              onChange={(event) => toggle(status, event.currentTarget.checked)}
            />
            <label
              htmlFor={`${id}${status}`}
              className={classes.chip}
              data-checked={checked || undefined}
              style={checked ? CHECKED_STYLES[status] : undefined}
            >
              {checked && (
                <span className={classes.icon}>
                  <CheckIcon />
                </span>
              )}
              <span>
                {t('profiles.filters.statusCount', {
                  status: t(`profiles.status.${status}`),
                  n: byStatus ? formatNumber(byStatus[status], locale) : '…',
                })}
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
