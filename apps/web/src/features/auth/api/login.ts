import type { TAuthUser, TLoginRequest, TTokenResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { lazyParser } from '../../../lib/http.ts';
import { clearTokens, storeTokens } from '../../../lib/auth-storage.ts';
import { getUser, userQueryKey } from './get-user.ts';

/** POST /api/auth/login (local strategy, SPEC §7). */
export function login(input: TLoginRequest): Promise<TTokenResponse> {
  const parser = lazyParser(() => import('@centinela/shared/auth/schemas').then((m) => m.ZTokenResponse));
  return apiRequest('/api/auth/login', parser, { method: 'POST', body: input, auth: false });
}

/** Signed in = a token is stored and the user record is fetched (SPEC §4); a half sign-in is undone. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TLoginRequest): Promise<TAuthUser> => {
      storeTokens(await login(input), 'local');
      try {
        const user = await getUser();
        if (!user) throw new ApiError(401, 'unauthenticated', 'No user for this token');
        return user;
      } catch (error) {
        clearTokens();
        throw error;
      }
    },
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
