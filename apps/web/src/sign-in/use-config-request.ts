import { useEffect, useState } from 'react';
import type { ConfigState } from '../features/auth/components/sign-in.tsx';
import { early } from '../lib/early.ts';
import { getPublicConfig } from '../lib/public-config-request.ts';

const config = early(getPublicConfig);

/**
 * GET /api/config, started before the catalogue has loaded (sign-in-main.tsx). Resolves once it has been
 * answered (or has failed): a first render after that shows the form at once, not a loader that the form
 * then replaces in a second, blocking render.
 */
export function prefetchConfig(): Promise<void> {
  config.start();
  return config.settled();
}

/** /api/config for the sign-in page's own bundle: asked once, asked again on retry. */
export function useConfigRequest(): ConfigState {
  const [answered] = useState(config.answer);
  const [state, setState] = useState<ConfigState>(() =>
    answered ? { isPending: false, isError: false, data: answered } : { isPending: true },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 && answered) {
      void config.take(); // in the state already: a retry asks afresh
      return;
    }
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
  }, [attempt, answered]);
  return state;
}
