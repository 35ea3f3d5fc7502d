import { ZCsvUploadResponse, type TCsvUploadResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from '../../../lib/api-error.ts';
import { resetAuth } from '../../../lib/auth-events.ts';
import { getAuthorization } from '../../../lib/auth-storage.ts';
import i18n from '../../../lib/i18n.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';
import { CSV_JOBS_KEY } from './csv-jobs-key.ts';

/** The API's refusal of a file, with its reason and line (`issues[0]`: path `line.<n>`, code = the reason). */
export class CsvUploadError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly reason: { problem: string; line: number } | null,
  ) {
    super(status, code, message);
  }
}

type Answer = { status: number; body: unknown };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function post(file: File, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: only it reports upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/csv/jobs?fileName=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    const authorization = getAuthorization();
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'network error'));
    xhr.send(file);
  });
}

function errorOf({ status, body }: Answer): CsvUploadError {
  const data = (body ?? {}) as { code?: unknown; message?: unknown; issues?: { path?: string; code?: string }[] };
  const code = typeof data.code === 'string' ? data.code : 'internal';
  const issue = data.issues?.[0];
  const line = Number(/^line\.(\d+)$/.exec(issue?.path ?? '')?.[1] ?? Number.NaN);
  const reason = issue?.code && Number.isFinite(line) ? { problem: issue.code, line } : null;
  return new CsvUploadError(status, code, typeof data.message === 'string' ? data.message : code, reason);
}

/** POST /api/v1/csv/jobs — the file itself as the body (streamed by the server), with upload progress. */
export async function uploadCsv(
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<TCsvUploadResponse> {
  let answer = await post(file, onProgress);
  if (answer.status === 401) {
    const error = errorOf(answer);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    answer = await post(file, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) throw errorOf(answer);
  const parsed = ZCsvUploadResponse.safeParse(answer.body);
  if (!parsed.success) throw new ApiError(answer.status, INVALID_RESPONSE, 'Unexpected response');
  return parsed.data;
}

export function useUploadCsv(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCsv(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CSV_JOBS_KEY }),
  });
}
