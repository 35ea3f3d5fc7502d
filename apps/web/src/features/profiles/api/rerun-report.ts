import { ZRerunReportResponse, type TRerunReportResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';

/** POST /api/v1/profiles/reports/:reportId/rerun — the report goes back to PENDING. */
export function rerunReport(reportId: string): Promise<TRerunReportResponse> {
  return apiRequest(`/api/v1/profiles/reports/${encodeURIComponent(reportId)}/rerun`, ZRerunReportResponse, {
    method: 'POST',
  });
}

export function useRerunReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rerunReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
