import type { TProfileSummary } from '@centinela/shared';
import { Checkbox, Table } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentOffset } from '../../../lib/use-document-offset.ts';
import { useWindowRows } from '../../../lib/use-window-rows.ts';
import { useRowKeys } from '../hooks/use-row-keys.ts';
import { isSelected, NO_SELECTION, selectLoaded, toggleId, type Selection } from '../utils/selection.ts';
import { ProfileRow, ROW_HEIGHT } from './profile-row.tsx';

type ProfileTableProps = {
  profiles: TProfileSummary[];
  /** How many rows the filter matches, null while unknown: the table's aria-rowcount (-1 is ARIA's "unknown"). */
  total: number | null;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  hrefOf: (profile: TProfileSummary) => string;
  /** Asked for when the rendered rows come near the end of the loaded ones (infinite scroll). */
  onNearEnd: () => void;
};

const COLUMNS = [
  ['name', '28%'],
  ['document', '17%'],
  ['country', '13%'],
  ['status', '17%'],
  ['createdAs', '11%'],
  ['createdAt', '14%'],
] as const;
/** Rows rendered beyond the window on each side, and how close to the end the next page is asked for. */
const OVERSCAN = 8;
const LOAD_AHEAD = 25;

/**
 * The loaded rows, virtualised against the window: only the rows in view (plus a few) are in the DOM,
 * so thousands stay smooth. Spacer rows keep the scroll height; aria-rowcount / aria-rowindex tell
 * screen readers where each rendered row sits in the whole list. The header box ticks the loaded rows
 * ("all matching" is offered above).
 */
export function ProfileTable({ profiles, total, selection, onSelect, hrefOf, onNearEnd }: ProfileTableProps) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useDocumentOffset(bodyRef);
  const { virtualizer, items, before, after } = useWindowRows({ count: profiles.length, estimate: ROW_HEIGHT, overscan: OVERSCAN, scrollMargin });
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= profiles.length - LOAD_AHEAD) onNearEnd();
  }, [lastIndex, profiles.length, onNearEnd]);

  // Stable across renders so memoised rows re-render only when their own data or tick changes.
  const latest = useRef({ selection, profiles, onSelect });
  useLayoutEffect(() => {
    latest.current = { selection, profiles, onSelect };
  });
  const toggle = useCallback((id: string) => {
    const { selection: current, profiles: rows, onSelect: select } = latest.current;
    select(toggleId(current, id, rows.map((p) => p.id)));
  }, []);
  const onKeyDown = useRowKeys(profiles.length, (index) => virtualizer.scrollToIndex(index, { align: 'auto' }));

  const picked = selection.kind === 'all' ? profiles.length : profiles.reduce((n, p) => n + (selection.ids.has(p.id) ? 1 : 0), 0);
  const allPicked = picked > 0 && picked === profiles.length;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        highlightOnHover
        verticalSpacing="xs"
        style={{ tableLayout: 'fixed' }}
        aria-label={t('profiles.list.title')}
        aria-rowcount={total === null ? -1 : total + 1}
        data-testid="profile-table"
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th w={44}>
              <Checkbox
                aria-label={t('profiles.list.selectPage')}
                checked={allPicked}
                indeterminate={picked > 0 && !allPicked}
                onChange={() => onSelect(allPicked ? NO_SELECTION : selectLoaded(profiles, total))}
              />
            </Table.Th>
            {COLUMNS.map(([c, width]) => (
              <Table.Th key={c} w={width}>
                {t(`profiles.columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={bodyRef} onKeyDown={onKeyDown}>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const p = profiles[item.index]!;
            return (
              <ProfileRow
                key={p.id}
                index={item.index}
                profile={p}
                href={hrefOf(p)}
                selected={isSelected(selection, p.id)}
                onToggle={toggle}
              />
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
