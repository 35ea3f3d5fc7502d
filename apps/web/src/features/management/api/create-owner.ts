import { ZOwner, type TCreateOwnerRequest, type TOwner } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ownersKey } from './get-owners.ts';

/** POST /api/v1/owners */
export function createOwner(input: TCreateOwnerRequest): Promise<TOwner> {
  return apiRequest('/api/v1/owners', ZOwner, { method: 'POST', body: input });
}

export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOwner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
