import type { Country, TPipeline, TProfileSummary } from '@centinela/shared';
import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { memo, useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useProfileCounts } from '../api/get-profile-counts.ts';
import { useProfiles } from '../api/get-profiles.ts';
import { useListState } from '../hooks/use-list-state.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { toApiFilter, type ListState } from '../utils/filters.ts';
import type { ProfilePermissions } from '../utils/permissions.ts';
import { ListActions } from './list-actions.tsx';
import { ListBody } from './list-body.tsx';
import { ProfileFilters } from './profile-filters.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { StatusChips } from './status-chips.tsx';

// Re-rendered only when their own props change, not each time a page of rows or the counts arrive (a
// query's answer re-renders its subscriber at once, blocking: those renders are kept small).
const Filters = memo(ProfileFilters);
const Chips = memo(StatusChips);
const NO_COUNTRIES: Country[] = [];

type ProfileListProps = {
  /** The page's country (/persons/:country); absent on home, where the user's countries are offered. */
  country?: Country;
  countries: Country[];
  pipelines: TPipeline[];
  /** Where a row opens its flyout (without the search, which is kept). */
  pathOf: (profile: TProfileSummary) => string;
  can: ProfilePermissions;
  selectionActions?: (ids: readonly string[]) => ReactNode;
  alerted?: ReadonlySet<string>;
};

/**
 * The loaded pages as one list. Pages fetched at different moments can repeat a row whose sort value
 * changed in between (a status sort and a live status change): it is shown once, where it came first.
 */
function uniqueRows(pages: { items: TProfileSummary[] }[] | undefined): TProfileSummary[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items.filter((p) => !seen.has(p.id) && seen.add(p.id)));
}

/** The persons list: filters and sort in the URL, counts as status chips, selection, actions, infinite scroll. */
export function ProfileList({
  country,
  countries,
  pipelines,
  pathOf,
  can,
  selectionActions,
  alerted,
}: ProfileListProps) {
  const [state, update] = useListState();
  const { search } = useLocation();
  const filter = useMemo(() => toApiFilter(state, country), [state, country]);
  const query = { filter, sort: state.sort, order: state.order };
  const onStatus = useCallback((status: ListState['status']) => update({ status }), [update]);
  const list = useProfiles(query);
  const counts = useProfileCounts(filter);
  const [selection, setSelection] = useSelection(JSON.stringify(query));
  const profiles = useMemo(() => uniqueRows(list.data?.pages), [list.data?.pages]);
  // What the filter matches, from the counts (null until they arrive): the selection and the table's row count.
  const matching = counts.data
    ? state.status.length
      ? state.status.reduce((sum, s) => sum + counts.data.byStatus[s], 0)
      : counts.data.total
    : null;
  const total = matching ?? profiles.length;
  const reload = () => void Promise.all([list.refetch(), counts.refetch()]);
  // The same function while the address is the same: a new one re-rendered the table and its header.
  const hrefOf = useCallback((p: TProfileSummary) => `${pathOf(p)}${search}`, [pathOf, search]);
  return (
    <Stack gap="md">
      <Filters state={state} onChange={update} countries={country ? NO_COUNTRIES : countries} pipelines={pipelines} />
      <Chips filter={filter} value={state.status} onChange={onStatus} />
      <Group justify="space-between" wrap="wrap">
        <SelectionBar selection={selection} onSelect={setSelection} loaded={profiles.length} total={total} />
        <ListActions
          filter={filter}
          selection={selection}
          onSelect={setSelection}
          total={total}
          can={can}
          onReload={reload}
          reloading={list.isRefetching && !list.isFetchingNextPage}
          selectionActions={selectionActions}
        />
      </Group>
      <ListBody
        list={list}
        profiles={profiles}
        total={matching}
        selection={selection}
        onSelect={setSelection}
        hrefOf={hrefOf}
        alerted={alerted}
      />
    </Stack>
  );
}
