import { ZWebhookDeliveryResponse, type TWebhookDelivery } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** POST /api/v1/webhooks/endpoints/:id/test — a `webhook.test` event to this endpoint. */
export async function sendTestEvent(endpointId: string): Promise<TWebhookDelivery> {
  return (
    await apiRequest(`/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/test`, ZWebhookDeliveryResponse, {
      method: 'POST',
    })
  ).delivery;
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
