import { ZWebhookDeliveryResponse, type TWebhookDelivery } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** POST /api/v1/webhooks/deliveries/:id/resend — same webhook-id and body. */
export async function resendDelivery(id: string): Promise<TWebhookDelivery> {
  return (
    await apiRequest(`/api/v1/webhooks/deliveries/${encodeURIComponent(id)}/resend`, ZWebhookDeliveryResponse, {
      method: 'POST',
    })
  ).delivery;
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
