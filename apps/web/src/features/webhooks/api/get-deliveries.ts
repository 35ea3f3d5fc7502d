import { ZListWebhookDeliveriesResponse, type TListWebhookDeliveriesResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deliveriesKey } from './webhooks-key.ts';

/** GET /api/v1/webhooks/endpoints/:id/deliveries — newest first. */
export function getDeliveries(endpointId: string, signal?: AbortSignal): Promise<TListWebhookDeliveriesResponse> {
  return apiRequest(
    `/api/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries?limit=50`,
    ZListWebhookDeliveriesResponse,
    { signal },
  );
}

export function useDeliveries(endpointId: string) {
  return useQuery(
    queryOptions({
      queryKey: deliveriesKey(endpointId),
      queryFn: ({ signal }) => getDeliveries(endpointId, signal),
      // Pending deliveries change on their own: look again while any is pending.
      refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
    }),
  );
}
