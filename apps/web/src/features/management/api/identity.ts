import {
  ZCreateUsersResponse,
  ZIdentityStatusResponse,
  ZListExternalUsersResponse,
  type TCreateUsersResponse,
  type TImportUsersRequest,
} from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKey } from './get-users.ts';

const identityKey = ['management', 'identity'] as const;

/** GET /api/v1/identity/status — whether the import button has anything to import from. */
export function useIdentityStatus() {
  return useQuery({
    queryKey: [...identityKey, 'status'],
    queryFn: ({ signal }) => apiRequest('/api/v1/identity/status', ZIdentityStatusResponse, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/v1/identity/users — the identity service's users, one page. */
export function useExternalUsers(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...identityKey, 'users', page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/identity/users?page=${page}&pageSize=50`, ZListExternalUsersResponse, { signal }),
    enabled,
  });
}

/** POST /api/v1/identity/import */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TImportUsersRequest): Promise<TCreateUsersResponse> =>
      apiRequest('/api/v1/identity/import', ZCreateUsersResponse, { method: 'POST', body: input }),
    onSuccess: () =>
      queryClient
        .invalidateQueries({ queryKey: [...usersKey] })
        .then(() => queryClient.invalidateQueries({ queryKey: identityKey })),
  });
}
