import {
  ZListAuditEventsResponse,
  type TListAuditEventsRequest,
  type TListAuditEventsResponse,
} from '@centinela/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryString } from '../utils/query-string.ts';

export type AuditQuery = Partial<TListAuditEventsRequest>;

/** GET /api/v1/audit-events — newest first. */
export function getAuditEvents(query: AuditQuery, signal?: AbortSignal): Promise<TListAuditEventsResponse> {
  return apiRequest(`/api/v1/audit-events${queryString(query)}`, ZListAuditEventsResponse, { signal });
}

export const auditKey = ['management', 'audit'] as const;

export function useAuditEvents(query: AuditQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...auditKey, query] as const,
      queryFn: ({ signal }) => getAuditEvents(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
