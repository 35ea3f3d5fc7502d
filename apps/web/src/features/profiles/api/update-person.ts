import { ZUpdatePersonResponse, type TUpdatePersonRequest, type TUpdatePersonResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { profileKey } from './get-profile.ts';

/** PATCH /api/v1/profiles/:id/person — the person's fields; INCOMPLETE reports that now have their inputs run again. */
export function updatePerson(id: string, input: TUpdatePersonRequest): Promise<TUpdatePersonResponse> {
  return apiRequest(`/api/v1/profiles/${encodeURIComponent(id)}/person`, ZUpdatePersonResponse, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdatePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdatePersonRequest) => updatePerson(id, input),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKey(id), profile);
      return queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    },
  });
}
