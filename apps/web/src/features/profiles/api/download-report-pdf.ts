import type { Locale } from '@centinela/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { send } from '../../../lib/http.ts';

/**
 * GET /api/v1/profiles/:id/report.pdf — the person's verifiable PDF report, in the reader's
 * language and time zone, saved through a blob link. Each download is a new copy with its own code.
 */
export function downloadReportPdf({ id, locale }: { id: string; locale: Locale }): Promise<string> {
  const query = new URLSearchParams({ lang: locale, tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return downloadFile(() => send(`/api/v1/profiles/${encodeURIComponent(id)}/report.pdf?${query}`, {}), 'report.pdf');
}

export function useDownloadReportPdf() {
  return useMutation({ mutationFn: downloadReportPdf });
}
