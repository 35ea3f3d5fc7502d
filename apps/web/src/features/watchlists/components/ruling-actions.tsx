import type { WatchlistAlertResolution } from '@centinela/shared';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../../components/ui/row-button.tsx';

type RulingActionsProps = {
  /** A match on the document is never a homonym; an entry that left the list is only acknowledged. */
  matchedBy: 'id' | 'name';
  delisted?: boolean;
  /** The ruling being sent, if any. */
  busy?: WatchlistAlertResolution;
  /** The match's ruling, when it is being changed: not offered again. */
  current?: WatchlistAlertResolution;
  /** Names the entry for screen readers, where several matches sit on one screen. */
  entry: string;
  onRule: (verdict: WatchlistAlertResolution) => void;
};

/** The ways to rule one match: homonym, it is this person, acknowledged (less the ruling being changed). */
export function RulingActions({ matchedBy, delisted, busy, current, entry, onRule }: RulingActionsProps) {
  const { t } = useTranslation();
  const verdicts = (
    delisted
      ? ['acknowledged']
      : matchedBy === 'id'
        ? ['confirmed', 'acknowledged']
        : ['homonym', 'confirmed', 'acknowledged']
  ).filter((v): v is WatchlistAlertResolution => v !== current);
  return (
    <Group justify="flex-end" gap="xs" data-testid="ruling-actions">
      {verdicts.map((v) => (
        <RowButton
          key={v}
          danger={v === 'confirmed'}
          loading={busy === v}
          onClick={() => onRule(v)}
          aria-label={t(`watchlists.review.${v}Named`, { entry })}
        >
          {t(`watchlists.review.${v}`)}
        </RowButton>
      ))}
    </Group>
  );
}
