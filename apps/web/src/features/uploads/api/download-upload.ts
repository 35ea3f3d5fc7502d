import type { TUpload } from '@centinela/shared';
import { getAuthorization } from '../../../lib/auth-storage.ts';
import { readError } from '../../../lib/http.ts';

/** GET /api/v1/uploads/:id with the bearer token, saved under the file's name. */
export async function downloadUpload(upload: TUpload): Promise<void> {
  const headers = new Headers();
  const authorization = getAuthorization();
  if (authorization) headers.set('Authorization', authorization);
  const response = await fetch(`/api/v1/uploads/${upload.id}`, { headers });
  if (!response.ok) throw await readError(response);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = upload.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
