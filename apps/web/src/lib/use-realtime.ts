import { REALTIME_EVENTS, type RealtimeEvent, type RealtimeEventName } from '@centinela/shared';
import { useEffect, useEffectEvent } from 'react';
import type { Socket } from 'socket.io-client';
import { getSocket, retainRealtime } from './socket.ts';

/**
 * Subscribe to a server event: `handler` gets its payload (checked by the shared REALTIME_EVENTS schema;
 * a payload that fails it is dropped, never half-used). Payloads carry ids and statuses only: refetch
 * what the screen shows, e.g. through the query keys of realtime-queries.ts. While any component uses
 * this hook and a token is stored, the shared socket stays connected.
 */
export function useRealtime<N extends RealtimeEventName>(name: N, handler: (payload: RealtimeEvent<N>) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribeRealtime(name, (payload) => onEvent(payload)), [name]);
}

/** The hook's non-React half: listen to one event on the shared socket until the returned stop. */
export function subscribeRealtime<N extends RealtimeEventName>(name: N, handler: (payload: RealtimeEvent<N>) => void): () => void {
  const release = retainRealtime();
  // socket.io's typed `on` cannot follow a generic event name; the schema below does the checking.
  const socket = getSocket() as unknown as Socket;
  const event: string = name;
  const schema = REALTIME_EVENTS[name];
  const listener = (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) handler(parsed.data as RealtimeEvent<N>);
  };
  socket.on(event, listener);
  return () => {
    socket.off(event, listener);
    release();
  };
}
