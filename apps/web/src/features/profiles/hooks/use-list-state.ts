import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, toSearchParams, type ListState } from '../utils/filters.ts';

/**
 * The list's filters and sort live in the URL search params (shareable, survive reload, back/forward
 * undo a change). Filter changes replace the history entry so typing a search does not flood history.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (patch: Partial<ListState>) => {
      setParams((current) => toSearchParams({ ...parseListState(current), ...patch }), { replace: true });
    },
    [setParams],
  );
  return [state, update] as const;
}
