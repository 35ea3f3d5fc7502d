import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelinesKey } from './get-pipelines.ts';

/** 204, no body: nothing to check. */
const NO_CONTENT = { parse: () => undefined };

/** DELETE /api/v1/pipelines/:id — profiles keep their reports and lose the link. */
export function deletePipeline(id: string): Promise<void> {
  return apiRequest(`/api/v1/pipelines/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}

export function useDeletePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePipeline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesKey }),
  });
}
