import { ZGetProfileResponse, type TGetProfileResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/** GET /api/v1/profiles/:id — every SPEC §3 field and the reports. */
export function getProfile(id: string, signal?: AbortSignal): Promise<TGetProfileResponse> {
  return apiRequest(`/api/v1/profiles/${encodeURIComponent(id)}`, ZGetProfileResponse, { signal });
}

export const profileKey = (id: string) => [...PROFILES_QUERY_KEY, 'detail', id] as const;

export function getProfileQueryOptions(id: string) {
  return queryOptions({ queryKey: profileKey(id), queryFn: ({ signal }) => getProfile(id, signal) });
}

export function useProfile(id: string) {
  return useQuery(getProfileQueryOptions(id));
}
