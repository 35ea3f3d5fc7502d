import { ZDeleteUsersResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKey } from './get-users.ts';

/** POST /api/v1/users/delete — all or none. */
export function deleteUsers(ids: string[]): Promise<{ deleted: number }> {
  return apiRequest('/api/v1/users/delete', ZDeleteUsersResponse, { method: 'POST', body: { ids } });
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
