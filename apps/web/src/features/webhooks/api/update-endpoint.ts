import { ZWebhookEndpoint, type TUpdateWebhookEndpointRequest, type TWebhookEndpoint } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** PATCH /api/v1/webhooks/endpoints/:id */
export function updateEndpoint(id: string, input: TUpdateWebhookEndpointRequest): Promise<TWebhookEndpoint> {
  return apiRequest(`/api/v1/webhooks/endpoints/${encodeURIComponent(id)}`, ZWebhookEndpoint, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateWebhookEndpointRequest }) => updateEndpoint(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
