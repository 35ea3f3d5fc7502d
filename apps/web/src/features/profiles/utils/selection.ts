import { MAX_SELECTION, type TProfileFilter } from '@centinela/shared';

/** Rows picked one by one, or "all matching": the filter itself, however many rows it has. */
export type Selection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'all' };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() };

export function toggleId(selection: Selection, id: string, allIds: readonly string[]): Selection {
  // Unticking one row of "all matching" leaves the loaded rows minus that one.
  const ids = new Set(selection.kind === 'all' ? allIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

export const isSelected = (selection: Selection, id: string) => selection.kind === 'all' || selection.ids.has(id);

export const isEmpty = (selection: Selection) => selection.kind === 'ids' && selection.ids.size === 0;

/** How many rows the selection stands for; "all matching" counts what the filter matches. */
export const selectionSize = (selection: Selection, total: number) =>
  selection.kind === 'all' ? total : selection.ids.size;

/** The body shape delete and export share: ids, or the filter for "all matching". */
export function selectionTarget(
  selection: Selection,
  filter: TProfileFilter,
): { ids: string[] } | { filter: TProfileFilter } {
  return selection.kind === 'all' ? { filter } : { ids: [...selection.ids] };
}

/**
 * The loaded rows as a selection. Bulk actions take at most MAX_SELECTION ids; when more rows than that
 * are loaded and they are every row the filter matches (`total`), the same rows go as "all matching".
 */
export function selectLoaded(rows: readonly { id: string }[], total: number | null): Selection {
  if (rows.length > MAX_SELECTION && rows.length === total) return { kind: 'all' };
  return { kind: 'ids', ids: new Set(rows.map((r) => r.id)) };
}
