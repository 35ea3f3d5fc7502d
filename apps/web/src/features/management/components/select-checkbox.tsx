import { Checkbox } from '@mantine/core';
import type { RowSelection } from '../hooks/use-row-selection.ts';

/** The header checkbox: selects or clears every row of the page (indeterminate when some are chosen). */
export function SelectAllCheckbox({
  selection,
  ids,
  label,
}: {
  selection: RowSelection;
  ids: string[];
  label: string;
}) {
  const chosen = ids.filter((id) => selection.has(id)).length;
  return (
    <Checkbox
      aria-label={label}
      checked={ids.length > 0 && chosen === ids.length}
      indeterminate={chosen > 0 && chosen < ids.length}
      onChange={(e) => selection.setAll(ids, e.currentTarget.checked)}
    />
  );
}

export function RowCheckbox({
  selection,
  id,
  label,
  disabled,
}: {
  selection: RowSelection;
  id: string;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Checkbox
      aria-label={label}
      checked={selection.has(id)}
      disabled={disabled}
      onChange={() => selection.toggle(id)}
    />
  );
}
