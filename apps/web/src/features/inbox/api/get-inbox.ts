import type { InboxAssigneeFilter, InboxKind, TInboxCount, TInboxResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/**
 * Under the profiles' key: a ruling, an answer or a review in the flyout (and their live events) refresh
 * the inbox and its count as they refresh the person.
 */
export const inboxKey = [...PROFILES_QUERY_KEY, 'inbox'] as const;
export const inboxCountKey = [...inboxKey, 'count'] as const;

// The schemas (zod) load with the first request: the navbar's count must not put zod in the list's first JS.
const listParser = lazyParser(() => import('@centinela/shared/inbox/index').then((m) => m.ZInboxResponse));
const countParser = lazyParser(() => import('@centinela/shared/inbox/index').then((m) => m.ZInboxCount));

/** `?a=1&b=2` from the defined values only. */
function queryString(values: Record<string, string | number | undefined>): string {
  const defined = Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return defined.length ? `?${new URLSearchParams(defined.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

export type InboxQuery = {
  kind?: InboxKind;
  assignee: InboxAssigneeFilter;
  country?: string;
  page: number;
  pageSize: number;
  ownerId?: string;
};

/** GET /api/v1/inbox — the open items, oldest due first. */
export function getInbox(query: InboxQuery, signal?: AbortSignal): Promise<TInboxResponse> {
  return apiRequest(`/api/v1/inbox${queryString(query)}`, listParser, { signal });
}

export function useInbox(query: InboxQuery, enabled = true) {
  return useQuery(
    queryOptions({
      enabled,
      queryKey: [...inboxKey, 'list', query] as const,
      queryFn: ({ signal }) => getInbox(query, signal),
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/inbox/count — the navbar's badge (every open item; those assigned to the user). */
export function useInboxCount() {
  return useQuery(
    queryOptions({
      queryKey: inboxCountKey,
      queryFn: ({ signal }): Promise<TInboxCount> => apiRequest('/api/v1/inbox/count', countParser, { signal }),
      staleTime: 30_000,
    }),
  );
}
