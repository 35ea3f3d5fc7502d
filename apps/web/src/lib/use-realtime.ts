import type { REALTIME_EVENTS, RealtimeEvent, RealtimeEventName } from '@centinela/shared';
import { useEffect, useEffectEvent } from 'react';
import type { Socket } from 'socket.io-client';
import type * as SocketModuleType from './socket.ts';
import { whenPainted } from './after-first-paint.ts';

type SocketModule = typeof SocketModuleType & { events: typeof REALTIME_EVENTS };
let socketModule: Promise<SocketModule> | null = null;

/**
 * The socket client (socket.io-client, engine.io) and the events' schemas (zod) are chunks of their own
 *: they load when the first listener subscribes, once the first contentful paint is on
 * screen (lib/after-first-paint.ts); every later call gets the same module.
 */
export function loadSocket(): Promise<SocketModule> {
  socketModule ??= whenPainted(() =>
    Promise.all([import('./socket.ts'), import('@centinela/shared/realtime/events')]),
  ).then(([socket, events]) => ({
    ...socket,
    events: events.REALTIME_EVENTS,
  }));
  return socketModule;
}

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
export function subscribeRealtime<N extends RealtimeEventName>(
  name: N,
  handler: (payload: RealtimeEvent<N>) => void,
): () => void {
  let stopped = false;
  let detach: (() => void) | null = null;
  void loadSocket().then(({ getSocket, retainRealtime, events }) => {
    if (stopped) return;
    const release = retainRealtime();
    // socket.io's typed `on` cannot follow a generic event name; the schema below does the checking.
    const socket = getSocket() as unknown as Socket;
    const event: string = name;
    const schema = events[name];
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) handler(parsed.data as RealtimeEvent<N>);
    };
    socket.on(event, listener);
    detach = () => {
      socket.off(event, listener);
      release();
    };
  });
  return () => {
    stopped = true;
    detach?.();
  };
}
