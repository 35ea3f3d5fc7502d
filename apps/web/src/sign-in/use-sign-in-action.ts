import type { TLoginRequest } from '@centinela/shared';
import { useCallback, useState } from 'react';
import { signInWithPassword } from '../features/auth/api/password-sign-in.ts';
import type { LoginAction } from '../features/auth/components/login-form.tsx';

/**
 * The password sign-in as the sign-in page's own bundle runs it (no TanStack Query there): busy from the
 * submit until `onSignedIn` has handed over to the app, so the button stays busy meanwhile (SPEC §4).
 */
export function useSignInAction(onSignedIn: () => Promise<void>): LoginAction {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({ isPending: false, error: null });
  const mutate = useCallback(
    (values: TLoginRequest) => {
      setState({ isPending: true, error: null });
      signInWithPassword(values)
        .then(onSignedIn)
        .catch((error: unknown) => setState({ isPending: false, error }));
    },
    [onSignedIn],
  );
  return { mutate, isPending: state.isPending, isError: state.error !== null, error: state.error };
}
