import { ZOkResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearTokens } from '../../../lib/auth-storage.ts';
import { forgetSession } from '../utils/forget-session.ts';

/** POST /api/auth/logout with the bearer token. */
export function logout() {
  return apiRequest('/api/auth/logout', ZOkResponse, { method: 'POST' });
}

/** Logout clears the user, the token and the refresh token (SPEC §4), even when the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logout().catch(() => undefined);
    },
    onSettled: () => {
      clearTokens();
      forgetSession(queryClient);
    },
  });
}
