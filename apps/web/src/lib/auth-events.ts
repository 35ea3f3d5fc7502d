import { clearTokens } from './auth-storage.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the app drop its signed-in state when the API says the session is gone (SPEC §4). */
export function onAuthReset(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Any auth error resets auth state: tokens are cleared and listeners are told. */
export function resetAuth(): void {
  clearTokens();
  for (const listener of listeners) listener();
}
