import { useState } from 'react';

/**
 * Ids of the selected rows, dropped when the list's query changes (`listKey`): a selection made on one
 * page or filter must not silently act on rows the user no longer sees.
 */
export function useRowSelection(listKey: string) {
  const [state, setState] = useState<{ key: string; ids: string[] }>({ key: listKey, ids: [] });
  const ids = state.key === listKey ? state.ids : [];
  const set = (next: string[]) => setState({ key: listKey, ids: next });
  return {
    ids,
    has: (id: string) => ids.includes(id),
    toggle: (id: string) => set(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]),
    setAll: (all: string[], on: boolean) =>
      set(on ? [...new Set([...ids, ...all])] : ids.filter((x) => !all.includes(x))),
    clear: () => set([]),
  };
}
export type RowSelection = ReturnType<typeof useRowSelection>;
