import type { TPublicConfig } from '@centinela/shared';
import { useEffect, useState } from 'react';
import type { ConfigState } from '../features/auth/components/sign-in.tsx';
import { getPublicConfig } from '../lib/public-config-request.ts';

let first: Promise<TPublicConfig> | null = null;
/** GET /api/config, started before the catalogue has loaded (sign-in-main.tsx); the first render takes it. */
export function prefetchConfig(): void {
  first = getPublicConfig();
  first.catch(() => undefined);
}

/** /api/config for the sign-in page's own bundle: asked once, asked again on retry. */
export function useConfigRequest(): ConfigState {
  const [state, setState] = useState<ConfigState>({ isPending: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const request = first ?? getPublicConfig();
    first = null;
    request.then(
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
