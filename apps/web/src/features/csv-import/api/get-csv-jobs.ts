import { ZListCsvJobsResponse, type TListCsvJobsResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CSV_JOBS_KEY } from './csv-jobs-key.ts';

/** GET /api/v1/csv/jobs — the owner's imports, newest first. */
export function getCsvJobs(signal?: AbortSignal): Promise<TListCsvJobsResponse> {
  return apiRequest('/api/v1/csv/jobs', ZListCsvJobsResponse, { signal });
}

export const csvJobsQueryOptions = () =>
  queryOptions({ queryKey: [...CSV_JOBS_KEY, 'list'] as const, queryFn: ({ signal }) => getCsvJobs(signal) });

export function useCsvJobs() {
  return useQuery(csvJobsQueryOptions());
}
