import { useEffect, useRef, useState } from 'react';
import { createLoadingIndicator, HIDDEN, type LoadingIndicator, type LoadingState } from './loading-indicator.ts';

/** The loading bar's state while `active` (a navigation is under way). */
export function useLoadingProgress(active: boolean): LoadingState {
  const [state, setState] = useState<LoadingState>(HIDDEN);
  const indicator = useRef<LoadingIndicator | null>(null);

  // Declared first, so the indicator exists when the effect below first runs.
  useEffect(() => {
    const created = createLoadingIndicator(setState);
    indicator.current = created;
    return created.dispose;
  }, []);

  useEffect(() => {
    if (active) indicator.current?.start();
    else indicator.current?.finish();
  }, [active]);

  return state;
}
