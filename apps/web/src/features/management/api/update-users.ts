import { ZUpdateUsersResponse, type TUpdateUsersRequest, type TUpdateUsersResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKey } from './get-users.ts';

/** PATCH /api/v1/users — several users at once, all or none. */
export function updateUsers(input: TUpdateUsersRequest): Promise<TUpdateUsersResponse> {
  return apiRequest('/api/v1/users', ZUpdateUsersResponse, { method: 'PATCH', body: input });
}

export function useUpdateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
