import type { TCreditsSummary } from '@centinela/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';

/** GET /api/v1/credits — the signed-in user's owner: plan, balance, next refill, locked report types. */
// The schema (zod) loads with the first request, so the banner's first paint does not wait for it.
const parser = lazyParser(() => import('@centinela/shared/credits/schemas').then((m) => m.ZCreditsSummary));

export function getCredits(signal?: AbortSignal): Promise<TCreditsSummary> {
  return apiRequest('/api/v1/credits', parser, { signal });
}

export const creditsQueryKey = ['credits'] as const;

export function getCreditsQueryOptions() {
  return queryOptions({ queryKey: creditsQueryKey, queryFn: ({ signal }) => getCredits(signal), staleTime: 30_000 });
}

/**
 * The balance, kept live: the server announces every change ('credits.updated': a debit, a refund, the
 * monthly refill, a support adjustment); a CSV batch or a new profile may have spent credits too.
 * `enabled` is false for platform staff, who have no owner of their own.
 */
export function useCredits({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useRealtime('credits.updated', ({ creditsAvailable }) => {
    queryClient.setQueryData<TCreditsSummary>(creditsQueryKey, (old) => old && { ...old, creditsAvailable });
  });
  useRealtime('csv.progress', () => void queryClient.invalidateQueries({ queryKey: creditsQueryKey }));
  return useQuery({ ...getCreditsQueryOptions(), enabled });
}
