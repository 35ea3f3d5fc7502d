import { ZProfileHintsResponse, type TProfileHintsRequest, type TProfileHintsResponse } from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/** POST /api/v1/profiles/hints — advisory only (SPEC §5): a failure here must never block the form. */
export function getProfileHints(input: TProfileHintsRequest, signal?: AbortSignal): Promise<TProfileHintsResponse> {
  return apiRequest('/api/v1/profiles/hints', ZProfileHintsResponse, { method: 'POST', body: input, signal });
}

export function getProfileHintsQueryOptions(input: TProfileHintsRequest | null) {
  return queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, 'hints', input] as const,
    queryFn: ({ signal }) => getProfileHints(input!, signal),
    enabled: input !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** `input` is null until there is a document to check. */
export function useProfileHints(input: TProfileHintsRequest | null) {
  return useQuery(getProfileHintsQueryOptions(input));
}
