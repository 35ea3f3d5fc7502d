import { resetAuth } from './auth-events.ts';
import { readError } from './http.ts';
import { refreshSession } from './refresh-session.ts';

/**
 * A file the API answers (not JSON), saved through a blob link: apiRequest's session rules — one refresh
 * on an expired token, else reset auth on a 401 — then the name from Content-Disposition (or `fallback`).
 * Returns the saved file's name.
 */
export async function downloadFile(request: () => Promise<Response>, fallback: string): Promise<string> {
  let response = await request();
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code !== 'token_expired' || !(await refreshSession())) {
      resetAuth();
      throw error;
    }
    response = await request();
  }
  if (!response.ok) throw await readError(response);
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
