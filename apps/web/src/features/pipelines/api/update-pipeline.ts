import { ZUpdatePipelineResponse, type TPipeline, type TUpdatePipelineRequest } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelinesKey } from './get-pipelines.ts';

/** PATCH /api/v1/pipelines/:id */
export function updatePipeline(id: string, input: TUpdatePipelineRequest): Promise<TPipeline> {
  return apiRequest(`/api/v1/pipelines/${encodeURIComponent(id)}`, ZUpdatePipelineResponse, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdatePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdatePipelineRequest }) => updatePipeline(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesKey }),
  });
}
