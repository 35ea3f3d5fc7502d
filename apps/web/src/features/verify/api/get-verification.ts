import { ZReportPdfVerification, type TReportPdfVerification } from '@centinela/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/verify/:code — no sign-in: who issued the PDF, when, and its SHA-256; 404 for an unknown code. */
export function getVerification(code: string, signal?: AbortSignal): Promise<TReportPdfVerification> {
  return apiRequest(`/api/v1/verify/${encodeURIComponent(code)}`, ZReportPdfVerification, { auth: false, signal });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: ['verify', code] as const,
    queryFn: ({ signal }) => getVerification(code, signal),
    staleTime: Infinity,
  });
}
