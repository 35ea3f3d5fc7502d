import { ZAssignInboxResponse, type TAssignInboxItem, type TAssignInboxResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxKey } from './get-inbox.ts';

/** POST /api/v1/inbox/assign — an item to one of the owner's reviewers, or to nobody. */
export function assignInboxItem(body: TAssignInboxItem): Promise<TAssignInboxResponse> {
  return apiRequest('/api/v1/inbox/assign', ZAssignInboxResponse, { method: 'POST', body });
}

export function useAssignInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignInboxItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
