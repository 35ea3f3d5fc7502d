import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useDocumentOffset } from '../../lib/use-document-offset.ts';
import { useWindowRows } from '../../lib/use-window-rows.ts';

/** Lists up to this long render every row (find-in-page works); longer ones render what is in view. */
export const VIRTUALIZE_FROM = 100;
const OVERSCAN = 8;

/** What a rendered row spreads on its <tr>: where it sits in the whole table. */
export type VirtualRowProps = { 'aria-rowindex': number };

type VirtualTbodyProps<T> = {
  rows: readonly T[];
  /**
   * A row's usual height in px. Rows are not measured (like the profile list): the rows flow in the table
   * and only the spacers use it, so a taller row just shifts the scrollbar a little.
   */
  estimate: number;
  /** Table columns, for the spacer rows. */
  columns: number;
  children: (row: T, index: number, rowProps: VirtualRowProps | Record<string, never>) => ReactNode;
};

/**
 * A table body virtualised against the window, like the profile list (management lists and
 * CSV failures stay smooth with 10,000 rows): past VIRTUALIZE_FROM rows only those in view (plus a few)
 * are in the DOM, spacer rows keep the scroll height, and aria-rowindex says where each row sits (the
 * table should carry aria-rowcount = rows + 1 for its header).
 */
export function VirtualTbody<T>({ rows, estimate, columns, children }: VirtualTbodyProps<T>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useDocumentOffset(bodyRef);
  const enabled = rows.length > VIRTUALIZE_FROM;
  const { items, before, after } = useWindowRows({
    count: enabled ? rows.length : 0,
    estimate,
    overscan: OVERSCAN,
    scrollMargin,
  });
  if (!enabled) {
    return <Table.Tbody ref={bodyRef}>{rows.map((row, index) => children(row, index, {}))}</Table.Tbody>;
  }
  return (
    <Table.Tbody ref={bodyRef}>
      {before > 0 && (
        <tr aria-hidden="true" style={{ height: before }}>
          <td colSpan={columns} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => children(rows[item.index]!, item.index, { 'aria-rowindex': item.index + 2 }))}
      {after > 0 && (
        <tr aria-hidden="true" style={{ height: after }}>
          <td colSpan={columns} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </Table.Tbody>
  );
}
