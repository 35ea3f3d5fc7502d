import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhooksKey } from './webhooks-key.ts';

/** 204, no body: nothing to check. */
const NO_CONTENT = { parse: () => undefined };

/** DELETE /api/v1/webhooks/endpoints/:id — with its delivery log. */
export function deleteEndpoint(id: string): Promise<void> {
  return apiRequest(`/api/v1/webhooks/endpoints/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
