import type { TPublicConfig } from '@centinela/shared';
import { useEffect, useState } from 'react';
import type { ConfigState } from '../features/auth/components/sign-in.tsx';
import { getPublicConfig } from '../lib/public-config-request.ts';

/** The request started at start-up, and its answer once it has come. */
let early: { request: Promise<TPublicConfig>; answer?: TPublicConfig } | null = null;

/**
 * GET /api/config, started before the catalogue has loaded (sign-in-main.tsx). Resolves once it has been
 * answered (or has failed): a first render after that shows the form at once, not a loader that the form
 * then replaces in a second, blocking render (issue #27).
 */
export function prefetchConfig(): Promise<void> {
  const entry: NonNullable<typeof early> = { request: getPublicConfig() };
  early = entry;
  return entry.request.then(
    (answer) => {
      entry.answer = answer;
    },
    () => undefined, // the page's render shows the failure, with a retry
  );
}

/** The early request the first time (answered or not), a new one after. */
function takeRequest(): Promise<TPublicConfig> {
  const request = early?.request ?? getPublicConfig();
  early = null;
  return request;
}

/** /api/config for the sign-in page's own bundle: asked once, asked again on retry. */
export function useConfigRequest(): ConfigState {
  const [answered] = useState(() => early?.answer);
  const [state, setState] = useState<ConfigState>(() =>
    answered ? { isPending: false, isError: false, data: answered } : { isPending: true },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 && answered) {
      early = null;
      return;
    }
    let live = true;
    takeRequest().then(
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
