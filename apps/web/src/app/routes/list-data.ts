import type { QueryClient } from '@tanstack/react-query';
import { isCountry } from '../../lib/country.ts';
import { getNavbarMetricsQueryOptions } from '../../features/metrics/api/get-navbar-metrics.ts';
import { getPipelinesQueryOptions } from '../../features/pipelines/api/get-pipelines.ts';
import { getProfileCountsQueryOptions } from '../../features/profiles/api/get-profile-counts.ts';
import { getProfilesQueryOptions } from '../../features/profiles/api/get-profiles.ts';
import { parseListState, toApiFilter } from '../../features/profiles/utils/filters.ts';

/**
 * What a persons list page asks the API for on its first render — the first page of rows for the
 * URL's filters and sort, the counts, the pipelines, the navbar figures (whether consent is required) —
 * asked at start-up instead, alongside the page's code (app/boot.tsx). Same query options as
 * the page's own hooks, so they find the answers (or the requests under way) in the cache. A query the
 * first render starts itself changes state as its subscriber mounts, which re-renders the page at once,
 * inside the commit's task. `country`: the page's, absent on home. Home and
 * /persons/:country name it as their route's `data` (router.tsx).
 */
export function prefetchList(client: QueryClient, country: string | undefined, search: string): void {
  if (country !== undefined && !isCountry(country)) return;
  const state = parseListState(new URLSearchParams(search));
  const filter = toApiFilter(state, country);
  void client.prefetchInfiniteQuery(getProfilesQueryOptions({ filter, sort: state.sort, order: state.order }));
  void client.prefetchQuery(getProfileCountsQueryOptions(filter));
  void client.prefetchQuery(getPipelinesQueryOptions());
  void client.prefetchQuery(getNavbarMetricsQueryOptions());
}
