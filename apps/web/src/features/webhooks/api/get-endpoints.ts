import { ZListWebhookEndpointsResponse, type TListWebhookEndpointsResponse } from '@centinela/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointsKey } from './webhooks-key.ts';

/** GET /api/v1/webhooks/endpoints */
export function getEndpoints(signal?: AbortSignal): Promise<TListWebhookEndpointsResponse> {
  return apiRequest('/api/v1/webhooks/endpoints', ZListWebhookEndpointsResponse, { signal });
}

export const getEndpointsQueryOptions = () =>
  queryOptions({ queryKey: endpointsKey, queryFn: ({ signal }) => getEndpoints(signal) });

export function useEndpoints() {
  return useQuery(getEndpointsQueryOptions());
}
