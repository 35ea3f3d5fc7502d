import type { Country, TListPipelinesResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';

// The schema (zod) loads with the first request, so the list's first paint does not wait for it.
const parser = lazyParser(() => import('@centinela/shared/pipelines/pipeline').then((m) => m.ZListPipelinesResponse));

/** GET /api/v1/pipelines — all of the owner's, or one country's. */
export function getPipelines(country?: Country, signal?: AbortSignal): Promise<TListPipelinesResponse> {
  const qs = country ? `?country=${country}` : '';
  return apiRequest(`/api/v1/pipelines${qs}`, parser, { signal });
}

export const pipelinesKey = ['pipelines'] as const;

export function getPipelinesQueryOptions(country?: Country) {
  return queryOptions({
    queryKey: [...pipelinesKey, country ?? 'all'] as const,
    queryFn: ({ signal }) => getPipelines(country, signal),
    staleTime: 60_000,
  });
}

export function usePipelines(country?: Country) {
  return useQuery(getPipelinesQueryOptions(country));
}
