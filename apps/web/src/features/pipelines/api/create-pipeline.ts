import { ZCreatePipelineResponse, type TCreatePipelineRequest, type TPipeline } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelinesKey } from './get-pipelines.ts';

/** POST /api/v1/pipelines */
export function createPipeline(input: TCreatePipelineRequest): Promise<TPipeline> {
  return apiRequest('/api/v1/pipelines', ZCreatePipelineResponse, { method: 'POST', body: input });
}

export function useCreatePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPipeline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesKey }),
  });
}
