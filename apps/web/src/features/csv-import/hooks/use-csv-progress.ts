import type { TCsvJobDetail } from '@centinela/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';
import { csvJobKey } from '../api/get-csv-job.ts';
import { CSV_JOBS_KEY } from '../api/csv-jobs-key.ts';

/**
 * Live progress of a job: each 'csv.progress' event (one per committed batch) updates the counts in
 * place; the end refetches the detail (failures) and the history, and new persons refresh the lists.
 */
export function useCsvProgress(jobId: string) {
  const queryClient = useQueryClient();
  useRealtime('csv.progress', (event) => {
    if (event.jobId !== jobId) return;
    queryClient.setQueryData<TCsvJobDetail>(csvJobKey(jobId), (old) => (old ? { ...old, ...event, id: old.id } : old));
    void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    if (event.status === 'completed' || event.status === 'failed')
      void queryClient.invalidateQueries({ queryKey: CSV_JOBS_KEY });
  });
}
