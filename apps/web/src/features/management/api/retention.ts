import {
  ZExpiringResponse,
  ZHoldsResponse,
  ZRetentionPreview,
  ZRetentionSettings,
  type TExpiringResponse,
  type THoldsResponse,
  type TRetentionPreview,
  type TRetentionSettings,
  type TUpdateRetentionRequest,
} from '@centinela/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NO_CONTENT, queryString } from '../utils/query-string.ts';

/** The owner's retention, what expires soon, legal holds. `ownerId`: platform staff only. */
export const retentionKey = ['management', 'retention'] as const;

/** GET /api/v1/retention */
export function getRetention(ownerId?: string, signal?: AbortSignal): Promise<TRetentionSettings> {
  return apiRequest(`/api/v1/retention${queryString({ ownerId })}`, ZRetentionSettings, { signal });
}

export function useRetention(ownerId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...retentionKey, 'settings', ownerId ?? null] as const,
    queryFn: ({ signal }) => getRetention(ownerId, signal),
    enabled,
  });
}

/** GET /api/v1/retention/preview — asked before a lower retention is saved. */
export function getRetentionPreview(retentionMonths: number, ownerId?: string): Promise<TRetentionPreview> {
  return apiRequest(`/api/v1/retention/preview${queryString({ ownerId, retentionMonths })}`, ZRetentionPreview);
}

/** PATCH /api/v1/retention */
export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateRetentionRequest) =>
      apiRequest('/api/v1/retention', ZRetentionSettings, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKey }),
  });
}

/** GET /api/v1/retention/expiring — soonest first, a page (cursor) at a time. */
export function useExpiring(ownerId: string | undefined, cursor: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...retentionKey, 'expiring', ownerId ?? null, cursor ?? null] as const,
    queryFn: ({ signal }): Promise<TExpiringResponse> =>
      apiRequest(`/api/v1/retention/expiring${queryString({ ownerId, cursor, limit: 25 })}`, ZExpiringResponse, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/v1/retention/holds — most recently held first. */
export function useHolds(ownerId: string | undefined, cursor: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...retentionKey, 'holds', ownerId ?? null, cursor ?? null] as const,
    queryFn: ({ signal }): Promise<THoldsResponse> =>
      apiRequest(`/api/v1/retention/holds${queryString({ ownerId, cursor, limit: 25 })}`, ZHoldsResponse, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** PUT or DELETE /api/v1/profiles/:id/hold, from the retention page's lists. */
export function useChangeHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, reason }: { profileId: string; reason: string | null }) => {
      const url = `/api/v1/profiles/${encodeURIComponent(profileId)}/hold`;
      return reason === null
        ? apiRequest(url, NO_CONTENT, { method: 'DELETE' })
        : apiRequest(url, NO_CONTENT, { method: 'PUT', body: { reason } }).then(() => undefined);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKey }),
  });
}
