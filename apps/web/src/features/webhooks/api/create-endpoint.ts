import {
  ZWebhookEndpointWithSecret,
  type TCreateWebhookEndpointRequest,
  type TWebhookEndpointWithSecret,
} from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** POST /api/v1/webhooks/endpoints — answers the signing secret this once. */
export function createEndpoint(input: TCreateWebhookEndpointRequest): Promise<TWebhookEndpointWithSecret> {
  return apiRequest('/api/v1/webhooks/endpoints', ZWebhookEndpointWithSecret, { method: 'POST', body: input });
}

export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
