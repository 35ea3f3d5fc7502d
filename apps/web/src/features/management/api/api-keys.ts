import {
  ZIssuedApiKey,
  ZListApiKeysResponse,
  type TCreateApiKeyRequest,
  type TIssuedApiKey,
  type TListApiKeysRequest,
  type TListApiKeysResponse,
} from '@centinela/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NO_CONTENT, queryString } from '../utils/query-string.ts';

/** GET /api/v1/api-keys — the owner's keys, or one user's own. */
export function getApiKeys(query: TListApiKeysRequest, signal?: AbortSignal): Promise<TListApiKeysResponse> {
  return apiRequest(`/api/v1/api-keys${queryString(query)}`, ZListApiKeysResponse, { signal });
}

export const apiKeysKey = ['management', 'api-keys'] as const;

export function useApiKeys(query: TListApiKeysRequest) {
  return useQuery(
    queryOptions({ queryKey: [...apiKeysKey, query] as const, queryFn: ({ signal }) => getApiKeys(query, signal) }),
  );
}

/** POST /api/v1/api-keys, POST /api/v1/api-keys/:id/rotate, DELETE /api/v1/api-keys/:id: the key management actions. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  const create = useMutation({
    mutationFn: (input: TCreateApiKeyRequest): Promise<TIssuedApiKey> =>
      apiRequest('/api/v1/api-keys', ZIssuedApiKey, { method: 'POST', body: input }),
    onSuccess,
  });
  const rotate = useMutation({
    mutationFn: (id: string): Promise<TIssuedApiKey> =>
      apiRequest(`/api/v1/api-keys/${encodeURIComponent(id)}/rotate`, ZIssuedApiKey, { method: 'POST' }),
    onSuccess,
  });
  const revoke = useMutation({
    mutationFn: (id: string): Promise<void> =>
      apiRequest(`/api/v1/api-keys/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, rotate, revoke };
}
