import { ZFormLink, type TCreateFormLinkInput, type TFormLink } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formLinksKey } from './get-form-links.ts';

/** POST /api/v1/forms */
export function createFormLink(input: TCreateFormLinkInput): Promise<TFormLink> {
  return apiRequest('/api/v1/forms', ZFormLink, { method: 'POST', body: input });
}

export function useCreateFormLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFormLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formLinksKey }),
  });
}
