import { useMutation } from '@tanstack/react-query';
import { resetAuth } from '../../../lib/auth-events.ts';
import { readError, send } from '../../../lib/http.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';

/** GET /api/v1/csv/jobs/:id/failures — every failed line with its reason, saved as a CSV file. */
export async function downloadFailures(jobId: string): Promise<string> {
  const get = () => send(`/api/v1/csv/jobs/${encodeURIComponent(jobId)}/failures`, {});
  let response = await get();
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    response = await get();
  }
  if (!response.ok) throw await readError(response);
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'failures.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export function useDownloadFailures() {
  return useMutation({ mutationFn: downloadFailures });
}
