import { useState } from 'react';
import { NO_SELECTION, type Selection } from '../utils/selection.ts';

/**
 * The list's selection, dropped whenever the filter changes: a selection made under one filter must not
 * silently act on rows of another (`filterKey` identifies the filter).
 */
export function useSelection(filterKey: string) {
  const [state, setState] = useState<{ key: string; selection: Selection }>({
    key: filterKey,
    selection: NO_SELECTION,
  });
  const selection = state.key === filterKey ? state.selection : NO_SELECTION;
  const setSelection = (next: Selection) => setState({ key: filterKey, selection: next });
  return [selection, setSelection] as const;
}
