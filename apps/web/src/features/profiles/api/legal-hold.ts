import { ZProfileHold, type TProfileHold } from '@centinela/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A person's legal hold (retention never deletes a person on hold). */
export const legalHoldKey = (id: string) => ['profiles', 'hold', id] as const;
const url = (id: string) => `/api/v1/profiles/${encodeURIComponent(id)}/hold`;

/** GET /api/v1/profiles/:id/hold */
export function useLegalHold(id: string) {
  return useQuery({
    queryKey: legalHoldKey(id),
    queryFn: ({ signal }): Promise<TProfileHold> => apiRequest(url(id), ZProfileHold, { signal }),
  });
}

/** PUT (a reason) or DELETE (null) /api/v1/profiles/:id/hold */
export function useChangeLegalHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null): Promise<TProfileHold> =>
      reason === null
        ? apiRequest(url(id), { parse: () => ({ hold: null }) }, { method: 'DELETE' })
        : apiRequest(url(id), ZProfileHold, { method: 'PUT', body: { reason } }),
    onSuccess: (hold) => queryClient.setQueryData(legalHoldKey(id), hold),
  });
}
