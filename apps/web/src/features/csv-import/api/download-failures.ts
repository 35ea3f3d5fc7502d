import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { send } from '../../../lib/http.ts';

/** GET /api/v1/csv/jobs/:id/failures — every failed line with its reason, saved as a CSV file. */
export function downloadFailures(jobId: string): Promise<string> {
  return downloadFile(() => send(`/api/v1/csv/jobs/${encodeURIComponent(jobId)}/failures`, {}), 'failures.csv');
}

export function useDownloadFailures() {
  return useMutation({ mutationFn: downloadFailures });
}
