import type { TExportProfilesRequest } from '@centinela/shared';
import { resetAuth } from '../../../lib/auth-events.ts';
import { readError, send } from '../../../lib/http.ts';
import { refreshSession } from '../../../lib/refresh-session.ts';

const fileNameOf = (response: Response, fallback: string) =>
  /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** apiRequest's session rules for a non-JSON answer: one refresh on an expired token, else reset auth on a 401. */
async function sendWithSession(input: TExportProfilesRequest): Promise<Response> {
  const post = () => send('/api/v1/profiles/export', { method: 'POST', body: input });
  const response = await post();
  if (response.status !== 401) return response;
  const error = await readError(response);
  if (error.code === 'token_expired' && (await refreshSession())) return post();
  resetAuth();
  throw error;
}

/** POST /api/v1/profiles/export — answers the file itself, not JSON: it is saved through a blob link. */
export async function exportProfiles(input: TExportProfilesRequest): Promise<string> {
  const response = await sendWithSession(input);
  if (!response.ok) throw await readError(response);
  const fileName = fileNameOf(response, `profiles.${input.format}`);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
