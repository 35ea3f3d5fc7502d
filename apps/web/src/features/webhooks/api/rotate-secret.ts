import { ZWebhookEndpointWithSecret, type TWebhookEndpointWithSecret } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** POST /api/v1/webhooks/endpoints/:id/rotate-secret — the new secret, shown once. */
export function rotateSecret(id: string): Promise<TWebhookEndpointWithSecret> {
  return apiRequest(`/api/v1/webhooks/endpoints/${encodeURIComponent(id)}/rotate-secret`, ZWebhookEndpointWithSecret, {
    method: 'POST',
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
