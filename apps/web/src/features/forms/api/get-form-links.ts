import { ZListFormLinksResponse, type TListFormLinksResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/forms — the owner's form links with their latest submissions. */
export function getFormLinks(signal?: AbortSignal): Promise<TListFormLinksResponse> {
  return apiRequest('/api/v1/forms', ZListFormLinksResponse, { signal });
}

export const formLinksKey = ['forms', 'links'] as const;

export function getFormLinksQueryOptions() {
  return queryOptions({ queryKey: formLinksKey, queryFn: ({ signal }) => getFormLinks(signal) });
}

export function useFormLinks() {
  return useQuery(getFormLinksQueryOptions());
}
