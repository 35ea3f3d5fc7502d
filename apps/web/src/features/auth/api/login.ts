import type { TAuthUser, TLoginRequest } from '@centinela/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from './get-user.ts';
import { signInWithPassword } from './password-sign-in.ts';

/** Password sign-in inside the app (its /login route): the user record goes straight into the cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLoginRequest): Promise<TAuthUser> => signInWithPassword(input),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
