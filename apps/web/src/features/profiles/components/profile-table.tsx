import { PROFILE_STATUSES, type TProfileSummary } from '@centinela/shared';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentOffset } from '../../../lib/use-document-offset.ts';
import { useWindowRows } from '../../../lib/use-window-rows.ts';
import { useRowKeys } from '../hooks/use-row-keys.ts';
import { isSelected, NO_SELECTION, selectLoaded, toggleId, type Selection } from '../utils/selection.ts';
import { ProfileRow, ROW_HEIGHT, StatusChip, useRowLabels, type RowLabels } from './profile-row.tsx';
import classes from './profile-row.module.css';

type ProfileTableProps = {
  profiles: TProfileSummary[];
  /** How many rows the filter matches, null while unknown: the table's aria-rowcount (-1 is ARIA's "unknown"). */
  total: number | null;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  hrefOf: (profile: TProfileSummary) => string;
  /** Asked for when the rendered rows come near the end of the loaded ones (infinite scroll). */
  onNearEnd: () => void;
  /** Persons with an open watch-list alert. */
  alerted?: ReadonlySet<string>;
};

/**
 * The columns: the name and the country take a share of the width and cut what does not fit (whole on
 * hover and in the flyout); the document, status, origin and date are as wide as their content, never cut
 *. `sized`: the header holds every text the column can show (ColumnSizer).
 */
const COLUMNS = [
  ['name', '40%', false],
  ['document', null, false],
  ['country', '16%', false],
  ['status', null, true],
  ['createdAs', null, true],
  ['createdAt', null, true],
] as const;
/** Rows rendered beyond the window on each side, and how close to the end the next page is asked for. */
const OVERSCAN = 8;
const LOAD_AHEAD = 25;

/** A date with the widest parts the format can show in each month (two-digit day, hours and minutes). */
const WIDEST_DATES = Array.from({ length: 12 }, (_, month) => [
  new Date(2026, month, 28, 12, 58).toISOString(),
  new Date(2026, month, 28, 23, 58).toISOString(),
]).flat();

/**
 * Invisible, in a header cell: the widest of what its column can hold sets the column's width (the CSS says
 * why). Its two dozen dates and eight chips render again only when the labels change (the language).
 */
const ColumnSizer = memo(function ColumnSizer({
  column,
  labels,
}: {
  column: 'status' | 'createdAs' | 'createdAt';
  labels: RowLabels;
}) {
  return (
    <span className={classes.sizer} aria-hidden="true">
      {column === 'status'
        ? PROFILE_STATUSES.map((s) => <StatusChip key={s} status={s} label={labels.status[s]} />)
        : column === 'createdAs'
          ? Object.entries(labels.createdAs).map(([key, label]) => <span key={key}>{label}</span>)
          : WIDEST_DATES.map((iso) => <span key={iso}>{labels.date(iso)}</span>)}
    </span>
  );
});

/**
 * The loaded rows, virtualised against the window: only the rows in view (plus a few) are in the DOM,
 * so thousands stay smooth. Spacer rows keep the scroll height; aria-rowcount / aria-rowindex tell
 * screen readers where each rendered row sits in the whole list. The header box ticks the loaded rows
 * ("all matching" is offered above).
 */
export function ProfileTable({ profiles, total, selection, onSelect, hrefOf, onNearEnd, alerted }: ProfileTableProps) {
  const { t } = useTranslation();
  const labels = useRowLabels();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useDocumentOffset(bodyRef);
  const { virtualizer, items, before, after } = useWindowRows({
    count: profiles.length,
    estimate: ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
  });
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
    select(
      toggleId(
        current,
        id,
        rows.map((p) => p.id),
      ),
    );
  }, []);
  const onKeyDown = useRowKeys(profiles.length, (index) => virtualizer.scrollToIndex(index, { align: 'auto' }));

  const picked = useMemo(
    () =>
      selection.kind === 'all' ? profiles.length : profiles.reduce((n, p) => n + (selection.ids.has(p.id) ? 1 : 0), 0),
    [selection, profiles],
  );
  const allPicked = picked > 0 && picked === profiles.length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = picked > 0 && !allPicked;
  }, [picked, allPicked]);
  return (
    <div className={classes.scroller}>
      <table
        className={classes.table}
        aria-label={t('profiles.list.title')}
        aria-rowcount={total === null ? -1 : total + 1}
        data-testid="profile-table"
      >
        <thead>
          <tr aria-rowindex={1}>
            <th style={{ width: 44 }}>
              <input
                ref={pageBox}
                type="checkbox"
                className={`${classes.check} mantine-focus-auto`}
                aria-label={t('profiles.list.selectPage')}
                checked={allPicked}
                onChange={() => onSelect(allPicked ? NO_SELECTION : selectLoaded(profiles, total))}
              />
            </th>
            {COLUMNS.map(([c, width, sized]) => (
              <th key={c} className={width ? undefined : classes.fit} style={width ? { width } : undefined}>
                {t(`profiles.columns.${c}`)}
                {sized && <ColumnSizer column={c} labels={labels} />}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef} onKeyDown={onKeyDown}>
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
                alerted={alerted?.has(p.id) ?? false}
                onToggle={toggle}
                labels={labels}
              />
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
