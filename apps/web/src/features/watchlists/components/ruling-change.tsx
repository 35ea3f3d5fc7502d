import type { WatchlistAlertResolution } from '@centinela/shared';
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../../components/ui/row-button.tsx';
import { RulingActions } from './ruling-actions.tsx';

type RulingChangeProps = {
  /** The match's ruling now. */
  current: WatchlistAlertResolution;
  matchedBy: 'id' | 'name';
  /** Names the entry for screen readers. */
  entry: string;
  busy?: WatchlistAlertResolution;
  /** Another ruling chosen: it asks for its reason and a confirmation next. */
  onRule: (verdict: WatchlistAlertResolution) => void;
};

/**
 * A ruled match can be ruled again: "Change ruling" offers the other words (never a homonym on a match
 * by document); the confirmation and the reason come next, in the ruling modal. Key it by the ruling's
 * date so a change that lands closes it.
 */
export function RulingChange({ current, matchedBy, entry, busy, onRule }: RulingChangeProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Group justify="flex-end" gap="xs">
        <RowButton onClick={() => setOpen(true)} aria-label={t('watchlists.review.changeNamed', { entry })}>
          {t('watchlists.review.change')}
        </RowButton>
      </Group>
    );
  return (
    <Stack gap={4} data-testid="ruling-change-actions">
      <RulingActions matchedBy={matchedBy} current={current} busy={busy} entry={entry} onRule={onRule} />
      <Group justify="flex-end" gap="xs">
        <RowButton onClick={() => setOpen(false)}>{t('watchlists.review.keep')}</RowButton>
      </Group>
    </Stack>
  );
}
