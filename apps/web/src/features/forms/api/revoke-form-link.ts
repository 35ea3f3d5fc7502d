import { ZFormLink, type TFormLink } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formLinksKey } from './get-form-links.ts';

/** POST /api/v1/forms/:id/revoke */
export function revokeFormLink(id: string): Promise<TFormLink> {
  return apiRequest(`/api/v1/forms/${id}/revoke`, ZFormLink, { method: 'POST' });
}

export function useRevokeFormLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFormLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formLinksKey }),
  });
}
