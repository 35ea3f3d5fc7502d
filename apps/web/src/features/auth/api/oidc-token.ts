import { ZOidcTokenResponse, type TAuthUser, type TOidcTokenRequest, type TOidcTokenResponse } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { clearTokens, storeTokens } from '../../../lib/auth-storage.ts';
import { getUser } from './fetch-user.ts';
import { userQueryKey } from './get-user.ts';

/** POST /api/auth/oidc/token: the server redeems the code at the provider (PKCE + nonce). */
export function redeemCode(input: TOidcTokenRequest): Promise<TOidcTokenResponse> {
  return apiRequest('/api/auth/oidc/token', ZOidcTokenResponse, { method: 'POST', body: input, auth: false });
}

export type OidcSignInResult = { linked: true } | { linked: false; user: TAuthUser };

/**
 * The callback's half of the sign-in: tokens are stored under the 'oidc' strategy, then the user is
 * fetched (SPEC §4); `linked` means the accounts were just linked and the user must sign in again.
 */
export function useOidcSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TOidcTokenRequest): Promise<OidcSignInResult> => {
      const answer = await redeemCode(input);
      if (answer.linked) return { linked: true };
      storeTokens(answer, 'oidc');
      try {
        const user = await getUser();
        if (!user) throw new ApiError(401, 'unauthenticated', 'No user for this token');
        return { linked: false, user };
      } catch (error) {
        clearTokens();
        throw error;
      }
    },
    onSuccess: (result) => {
      if (!result.linked) queryClient.setQueryData(userQueryKey, result.user);
    },
  });
}
