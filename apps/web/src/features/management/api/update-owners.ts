import { ZUpdateOwnersResponse, type TUpdateOwnersRequest, type TUpdateOwnersResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ownersKey } from './get-owners.ts';

/** PATCH /api/v1/owners — several owners at once, all or none (also (de)activation). */
export function updateOwners(input: TUpdateOwnersRequest): Promise<TUpdateOwnersResponse> {
  return apiRequest('/api/v1/owners', ZUpdateOwnersResponse, { method: 'PATCH', body: input });
}

export function useUpdateOwners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwners,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
