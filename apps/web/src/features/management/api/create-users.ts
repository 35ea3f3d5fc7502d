import { ZCreateUsersResponse, type TCreateUsersRequest, type TCreateUsersResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditKey } from './get-audit-events.ts';
import { usersKey } from './get-users.ts';

/** POST /api/v1/users — one or several from a list of emails; the rejected ones come back with their reason. */
export function createUsers(input: TCreateUsersRequest): Promise<TCreateUsersResponse> {
  return apiRequest('/api/v1/users', ZCreateUsersResponse, { method: 'POST', body: input });
}

export function useCreateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUsers,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      await queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}
