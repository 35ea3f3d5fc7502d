import { ZCsvJob, type TCsvJob, type TStartCsvJobRequest } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CSV_JOBS_KEY } from './csv-jobs-key.ts';

/** POST /api/v1/csv/jobs/:id/start — the reports and the column matching; the import runs on the server. */
export function startCsvJob({ id, ...input }: TStartCsvJobRequest & { id: string }): Promise<TCsvJob> {
  return apiRequest(`/api/v1/csv/jobs/${encodeURIComponent(id)}/start`, ZCsvJob, { method: 'POST', body: input });
}

export function useStartCsvJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCsvJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CSV_JOBS_KEY }),
  });
}
