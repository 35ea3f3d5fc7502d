import { ZOwner, type TOwner, type TUpdateOwnerRequest } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ownersKey } from './get-owners.ts';

/** PATCH /api/v1/owners/:id */
export function updateOwner(id: string, input: TUpdateOwnerRequest): Promise<TOwner> {
  return apiRequest(`/api/v1/owners/${encodeURIComponent(id)}`, ZOwner, { method: 'PATCH', body: input });
}

export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateOwnerRequest }) => updateOwner(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
