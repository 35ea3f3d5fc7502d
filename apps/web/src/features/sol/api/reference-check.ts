import { ZReferenceCheck, type ReferenceCheck } from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { resetAuth } from '../../../lib/auth-events.ts';
import { readError, send } from '../../../lib/http.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';

/** Under the profiles prefix: report and profile events refresh it like the rest of the flyout. */
export const referenceCheckKey = (reportId: string) => [...PROFILES_QUERY_KEY, 'sol', reportId] as const;

export function useReferenceCheck(reportId: string) {
  return useQuery({
    queryKey: referenceCheckKey(reportId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/sol/checks/by-report/${encodeURIComponent(reportId)}`, ZReferenceCheck, { signal }),
    retry: false,
  });
}

export function useResolveFraudSignal(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, signalId }: { checkId: string; signalId: string }) =>
      apiRequest(
        `/api/v1/sol/checks/${encodeURIComponent(checkId)}/fraud-signals/${encodeURIComponent(signalId)}/resolve`,
        ZReferenceCheck,
        { method: 'POST' },
      ),
    onSuccess: (check: ReferenceCheck) => queryClient.setQueryData(referenceCheckKey(reportId), check),
  });
}

/** A non-JSON answer with the session rules (one refresh on an expired token). */
async function fetchFile(path: string): Promise<Response> {
  const get = () => send(path, {});
  let response = await get();
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code === 'token_expired' && (await refreshSession())) response = await get();
    else {
      resetAuth();
      throw error;
    }
  }
  if (!response.ok) throw await readError(response);
  return response;
}

/** The recording as a blob URL (an <audio> cannot send the bearer token; a blob seeks freely). */
export async function recordingBlobUrl(referenceId: string): Promise<string> {
  const response = await fetchFile(`/api/v1/sol/references/${encodeURIComponent(referenceId)}/recording`);
  return URL.createObjectURL(await response.blob());
}

/** Saves a file the API answers (transcript, recording) through a blob link. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetchFile(path);
  const name = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: name ? decodeURIComponent(name) : fallbackName,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
