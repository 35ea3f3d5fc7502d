import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NO_CONTENT } from '../utils/query-string.ts';
import { ownersKey } from './get-owners.ts';

/** DELETE /api/v1/owners/:id — 409 owner_has_data while it holds data, unless purged. */
export function deleteOwner(id: string, purge: boolean): Promise<void> {
  return apiRequest(`/api/v1/owners/${encodeURIComponent(id)}${purge ? '?purge=true' : ''}`, NO_CONTENT, {
    method: 'DELETE',
  });
}

export function useDeleteOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, purge }: { id: string; purge: boolean }) => deleteOwner(id, purge),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
