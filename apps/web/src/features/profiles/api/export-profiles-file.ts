import type { TExportProfilesRequest } from '@centinela/shared';
import { downloadFile } from '../../../lib/download.ts';
import { send } from '../../../lib/http.ts';

/** POST /api/v1/profiles/export — answers the file itself, not JSON: it is saved through a blob link. */
export function exportProfiles(input: TExportProfilesRequest): Promise<string> {
  return downloadFile(() => send('/api/v1/profiles/export', { method: 'POST', body: input }), `profiles.${input.format}`);
}
