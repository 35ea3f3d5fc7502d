import { ZListUploadsResponse, type TListUploadsResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { PROFILES_QUERY_KEY } from './realtime-queries.ts';

/** GET /api/v1/uploads?profileId= — a person's documents (the flyout's attachments and its consent panel). */
export function getUploads(profileId: string, signal?: AbortSignal): Promise<TListUploadsResponse> {
  return apiRequest(`/api/v1/uploads?profileId=${encodeURIComponent(profileId)}`, ZListUploadsResponse, { signal });
}

/** Under the profiles prefix: a form submission attaching files refreshes it live like the person. */
export const uploadsKey = (profileId: string) => [...PROFILES_QUERY_KEY, 'uploads', profileId] as const;

export function useUploads(profileId: string) {
  return useQuery(
    queryOptions({ queryKey: uploadsKey(profileId), queryFn: ({ signal }) => getUploads(profileId, signal) }),
  );
}
