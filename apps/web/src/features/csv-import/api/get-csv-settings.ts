import { ZCsvSettingsResponse, type TCsvSettingsResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/csv/settings — the row limit and the largest file, checked before the upload starts. */
export function getCsvSettings(signal?: AbortSignal): Promise<TCsvSettingsResponse> {
  return apiRequest('/api/v1/csv/settings', ZCsvSettingsResponse, { signal });
}

export const csvSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['csv', 'settings'] as const,
    queryFn: ({ signal }) => getCsvSettings(signal),
    staleTime: 10 * 60_000,
  });

export function useCsvSettings() {
  return useQuery(csvSettingsQueryOptions());
}
