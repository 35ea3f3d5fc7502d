import { ZWebhookDeliveryDetail, type TWebhookDeliveryDetail } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deliveryKey } from './webhooks-key.ts';

/** GET /api/v1/webhooks/deliveries/:id — with every attempt's request and response. */
export function getDelivery(id: string, signal?: AbortSignal): Promise<TWebhookDeliveryDetail> {
  return apiRequest(`/api/v1/webhooks/deliveries/${encodeURIComponent(id)}`, ZWebhookDeliveryDetail, { signal });
}

export function useDelivery(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: deliveryKey(id ?? ''),
      queryFn: ({ signal }) => getDelivery(id!, signal),
      enabled: id !== null,
    }),
  );
}
