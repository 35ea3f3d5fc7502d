import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NO_SELECTION, selectionSize, type Selection } from '../utils/selection.ts';

type SelectionBarProps = { selection: Selection; onSelect: (s: Selection) => void; loaded: number; total: number };

/** Says what is selected and offers "all matching": the whole filter, beyond the loaded rows. */
export function SelectionBar({ selection, onSelect, loaded, total }: SelectionBarProps) {
  const { t } = useTranslation();
  const size = selectionSize(selection, total);
  if (size === 0) return null;
  const canWiden = selection.kind === 'ids' && size >= loaded && total > size;
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Text size="sm" fw={500}>
        {selection.kind === 'all'
          ? t('profiles.selection.allMatching', { count: total })
          : t('profiles.selection.count', { count: size })}
      </Text>
      {canWiden && (
        <Button size="compact-sm" variant="light" onClick={() => onSelect({ kind: 'all' })}>
          {t('profiles.selection.selectAll', { count: total })}
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" onClick={() => onSelect(NO_SELECTION)}>
        {t('profiles.selection.clear')}
      </Button>
    </Group>
  );
}
