import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { INVALIDATE_WINDOW_MS, PROFILES_QUERY_KEY } from '../../../lib/realtime-queries.ts';
import { useRealtime } from '../../../lib/use-realtime.ts';

/**
 * Keeps the list, counts and flyout current while reports run: any report or profile change refetches
 * the profile queries on screen (payloads carry ids only). Bursts fold into one refetch per window.
 */
export function useLiveProfiles(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const invalidate = () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    }, INVALIDATE_WINDOW_MS);
  };
  useRealtime('report.updated', invalidate);
  useRealtime('profile.updated', invalidate);
  useRealtime('profiles.deleted', invalidate);
}
