import type { TProfileSummary } from '@centinela/shared';
import { Checkbox, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSelected, toggleId, type Selection } from '../utils/selection.ts';
import { ProfileRow } from './profile-row.tsx';

type ProfileTableProps = {
  profiles: TProfileSummary[];
  selection: Selection;
  onSelect: (selection: Selection) => void;
  hrefOf: (profile: TProfileSummary) => string;
};

const COLUMNS = ['name', 'document', 'country', 'status', 'createdAs', 'createdAt'] as const;

/** The loaded rows; the header box ticks or clears the loaded page ("all matching" is offered above). */
export function ProfileTable({ profiles, selection, onSelect, hrefOf }: ProfileTableProps) {
  const { t } = useTranslation();
  const ids = profiles.map((p) => p.id);
  const picked = ids.filter((id) => isSelected(selection, id)).length;
  const allPicked = picked > 0 && picked === ids.length;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={t('profiles.list.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('profiles.list.selectPage')}
                checked={allPicked}
                indeterminate={picked > 0 && !allPicked}
                onChange={() => onSelect({ kind: 'ids', ids: new Set(allPicked ? [] : ids) })}
              />
            </Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`profiles.columns.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profiles.map((p) => (
            <ProfileRow
              key={p.id}
              profile={p}
              href={hrefOf(p)}
              selected={isSelected(selection, p.id)}
              onToggle={() => onSelect(toggleId(selection, p.id, ids))}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
