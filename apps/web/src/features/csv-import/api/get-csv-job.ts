import { ZCsvJobDetail, type TCsvJobDetail } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CSV_JOBS_KEY } from './csv-jobs-key.ts';

/** GET /api/v1/csv/jobs/:id — progress, counts and the first failures. */
export function getCsvJob(id: string, signal?: AbortSignal): Promise<TCsvJobDetail> {
  return apiRequest(`/api/v1/csv/jobs/${encodeURIComponent(id)}`, ZCsvJobDetail, { signal });
}

export const csvJobKey = (id: string) => [...CSV_JOBS_KEY, 'detail', id] as const;

const finished = (job: TCsvJobDetail | undefined) => job?.status === 'completed' || job?.status === 'failed';

/** Live through 'csv.progress' events (see use-csv-progress.ts); a slow poll covers a dropped socket. */
export function useCsvJob(id: string) {
  return useQuery(
    queryOptions({
      queryKey: csvJobKey(id),
      queryFn: ({ signal }) => getCsvJob(id, signal),
      refetchInterval: (query) => (finished(query.state.data) ? false : 3000),
    }),
  );
}
