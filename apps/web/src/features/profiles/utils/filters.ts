import {
  COUNTRIES,
  CREATED_AS,
  PROFILE_SORTS,
  PROFILE_STATUSES,
  type Country,
  type CreatedAs,
  type ProfileSort,
  type ProfileStatus,
  type TProfileFilter,
} from '@centinela/shared';

/** What the list screen shows, as kept in the URL (so a filtered list can be shared and reloaded). */
export type ListState = {
  status: ProfileStatus[];
  country: Country | null;
  pipelineId: string | null;
  createdAs: CreatedAs | null;
  /** YYYY-MM-DD, local days; the API gets instants. */
  from: string | null;
  to: string | null;
  q: string;
  sort: ProfileSort;
  order: 'asc' | 'desc';
};

export const DEFAULT_STATE: ListState = {
  status: [],
  country: null,
  pipelineId: null,
  createdAs: null,
  from: null,
  to: null,
  q: '',
  sort: 'created_at',
  order: 'desc',
};

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown or malformed values are dropped rather than failing the page: URLs get hand-edited. */
export function parseListState(params: URLSearchParams): ListState {
  const status = params.getAll('status').flatMap((s) => s.split(','));
  const pipeline = params.get('pipeline');
  return {
    status: PROFILE_STATUSES.filter((s) => status.includes(s)),
    country: oneOf(COUNTRIES, params.get('country')),
    pipelineId: pipeline && UUID.test(pipeline) ? pipeline : null,
    createdAs: oneOf(CREATED_AS, params.get('createdAs')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    q: params.get('q')?.slice(0, 100) ?? '',
    sort: oneOf(PROFILE_SORTS, params.get('sort')) ?? DEFAULT_STATE.sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** Only non-default values go in the URL, so the plain list has a plain address. */
export function toSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status.length) params.set('status', state.status.join(','));
  if (state.country) params.set('country', state.country);
  if (state.pipelineId) params.set('pipeline', state.pipelineId);
  if (state.createdAs) params.set('createdAs', state.createdAs);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) params.set('order', state.order);
  return params;
}

/** Local midnight of a YYYY-MM-DD day as an instant; `to` is inclusive, so it becomes the next midnight. */
function startOfDay(value: string, plusDays = 0): string {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
}

/** The API filter of a state; `fixedCountry` is the page's country (/persons/:country), which wins. */
export function toApiFilter(state: ListState, fixedCountry?: Country): TProfileFilter {
  const filter: TProfileFilter = {};
  if (state.status.length) filter.status = state.status;
  const country = fixedCountry ?? state.country;
  if (country) filter.country = country;
  if (state.pipelineId) filter.pipelineId = state.pipelineId;
  if (state.createdAs) filter.createdAs = state.createdAs;
  if (state.from) filter.createdFrom = startOfDay(state.from);
  if (state.to) filter.createdTo = startOfDay(state.to, 1);
  if (state.q.trim()) filter.q = state.q.trim();
  return filter;
}

/** GET query string of a filter: statuses comma-joined, which the shared schema accepts. */
export function filterQuery(filter: TProfileFilter, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
