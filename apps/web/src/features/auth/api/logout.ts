import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';
import { clearTokens } from '../../../lib/auth-storage.ts';
import { forgetSession } from '../utils/forget-session.ts';

// Its schema (zod) loads with the call: the signed-in shell's first paint does not wait for it.
const parser = lazyParser(() => import('@centinela/shared/auth/schemas').then((m) => m.ZOkResponse));

/** POST /api/v1/users/logout with the bearer token: the call SPEC §7 names for signing out, whatever the strategy. */
export function logout() {
  return apiRequest('/api/v1/users/logout', parser, { method: 'POST' });
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
