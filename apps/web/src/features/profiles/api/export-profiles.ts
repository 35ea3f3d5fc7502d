import type { TExportProfilesRequest } from '@centinela/shared';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/v1/profiles/export, the file saved through a blob link (export-profiles-file.ts, its own
 * chunk: loaded on the first export, not with the list). Resolves with the file's name.
 */
export function exportProfiles(input: TExportProfilesRequest): Promise<string> {
  return import('./export-profiles-file.ts').then((m) => m.exportProfiles(input));
}

export function useExportProfiles() {
  return useMutation({ mutationFn: exportProfiles });
}
