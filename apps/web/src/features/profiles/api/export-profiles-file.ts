import type { TExportProfilesRequest } from '@centinela/shared';
import { downloadFile } from '../../../lib/download.ts';
import { send } from '../../../lib/http.ts';

/**
 * POST /api/v1/profiles/export — answers the file itself, not JSON: it is saved through a blob link. The
 * file is written in the page's language (Accept-Language, lib/http.ts) and the browser's time zone.
 */
export function exportProfiles(input: TExportProfilesRequest): Promise<string> {
  const tz = input.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return downloadFile(
    () => send('/api/v1/profiles/export', { method: 'POST', body: { ...input, tz } }),
    `profiles.${input.format}`,
  );
}
