import { ZEnrolmentsResponse, type TEnrolmentsResponse } from '@centinela/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { enrolmentsKey } from './watchlists-key.ts';
import { queryString } from './query-string.ts';

export const ENROLMENTS_PAGE = 50;

/** GET /api/v1/watchlists/enrolments — one keyset page, most recently enrolled first. */
export function getEnrolments(
  ownerId: string | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TEnrolmentsResponse> {
  return apiRequest(
    `/api/v1/watchlists/enrolments${queryString({ ownerId, cursor, limit: ENROLMENTS_PAGE })}`,
    ZEnrolmentsResponse,
    { signal },
  );
}

export function useEnrolments(ownerId: string | undefined) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...enrolmentsKey, ownerId ?? null] as const,
      queryFn: ({ pageParam, signal }) => getEnrolments(ownerId, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
