import type { RealtimeEventName } from '@centinela/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadSocket, subscribeRealtime } from './use-realtime.ts';

/**
 * Query-key convention for everything derived from profiles (their reports included), so live updates
 * can refresh it: every such key starts with PROFILES_QUERY_KEY, e.g. ['profiles', 'list', query],
 * ['profiles', 'detail', id], ['profiles', 'counts', filters]. Report and profile changes invalidate the
 * whole prefix: a status change moves rows between list filters and counts, and only queries on screen
 * actually refetch.
 */
export const PROFILES_QUERY_KEY = ['profiles'] as const;
const INVALIDATING: RealtimeEventName[] = ['report.updated', 'profile.updated', 'profiles.deleted'];

/** A CSV job sends bursts of events: they fold into one refetch per window instead of one each. */
export const INVALIDATE_WINDOW_MS = 300;

/**
 * Wires live updates into TanStack Query until the returned stop: the events above invalidate
 * PROFILES_QUERY_KEY, and every change of the user query (sign-in sets it, sign-out clears it) re-syncs
 * the socket with the stored token, so it reconnects as the new user or disconnects.
 */
export function bindRealtimeQueries(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const invalidate = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
    }, INVALIDATE_WINDOW_MS);
  };
  const stops = INVALIDATING.map((name) => subscribeRealtime(name, invalidate));
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') void loadSocket().then((m) => m.syncRealtime());
  });
  return () => {
    if (timer) clearTimeout(timer);
    stopCache();
    for (const stop of stops) stop();
  };
}

/** Mount once inside QueryClientProvider (the app provider) to keep profile queries live. */
export function useRealtimeQueries(): void {
  const queryClient = useQueryClient();
  useEffect(() => bindRealtimeQueries(queryClient), [queryClient]);
}
