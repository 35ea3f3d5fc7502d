import { clearTokens, setSessionEndReason } from './auth-storage.ts';

type Listener = (reason: string | null) => void;
const listeners = new Set<Listener>();

/** Lets the app drop its signed-in state when the API says the session is gone (SPEC §4). */
export function onAuthReset(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Any auth error resets auth state: tokens are cleared and listeners are told. `reason`, an error code,
 * is kept for the sign-in page to say (e.g. `account_not_authorized`: the account was deactivated).
 */
export function resetAuth(reason: string | null = null): void {
  clearTokens();
  setSessionEndReason(reason);
  for (const listener of listeners) listener(reason);
}
