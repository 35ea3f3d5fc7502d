import { ZCsvDuplicatesResponse, type TCsvDuplicatesRequest, type TCsvDuplicatesResponse } from '@centinela/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/v1/csv/jobs/:id/duplicates — which rows of the uploaded file are persons the
 * owner already has, or repeat an earlier row, read with the choices the start will send.
 */
export function checkCsvDuplicates(
  { id, ...input }: TCsvDuplicatesRequest & { id: string },
  signal?: AbortSignal,
): Promise<TCsvDuplicatesResponse> {
  return apiRequest(`/api/v1/csv/jobs/${encodeURIComponent(id)}/duplicates`, ZCsvDuplicatesResponse, {
    method: 'POST',
    body: input,
    signal,
  });
}

/**
 * The review step's check (null: not on the review step): asked once per job and choices — it has no
 * side effect, so a query, not a mutation. The job resolves duplicates again when it runs.
 */
export function useCsvDuplicates(request: (TCsvDuplicatesRequest & { id: string }) | null) {
  return useQuery({
    queryKey: ['csv', 'duplicates', request] as const,
    queryFn: ({ signal }) => checkCsvDuplicates(request!, signal),
    enabled: request !== null,
    staleTime: Infinity,
    retry: false,
  });
}
