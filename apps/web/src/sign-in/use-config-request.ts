import { useEffect, useState } from 'react';
import type { ConfigState } from '../features/auth/components/sign-in.tsx';
import { early } from '../lib/early.ts';
import { getPublicConfig } from '../lib/public-config-request.ts';

const config = early(getPublicConfig);
/** GET /api/config, started before the catalogue has loaded (sign-in-main.tsx); the first render takes it. */
export const prefetchConfig = (): void => config.start();

/** /api/config for the sign-in page's own bundle: asked once, asked again on retry. */
export function useConfigRequest(): ConfigState {
  const [state, setState] = useState<ConfigState>({ isPending: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    config.take().then(
      (data) => live && setState({ isPending: false, isError: false, data }),
      (error: unknown) =>
        live &&
        setState({
          isPending: false,
          isError: true,
          error,
          refetch: () => {
            setState({ isPending: true });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
