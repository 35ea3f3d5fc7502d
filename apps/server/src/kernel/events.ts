import { EventEmitter } from 'node:events';
import type { RealtimeEvent, RealtimeEventName } from '@centinela/shared';

/** A domain event: what changed, for which owner. Emitted after the change is committed. */
export type DomainEvent<N extends RealtimeEventName = RealtimeEventName> = {
  name: N;
  ownerId: string;
  payload: RealtimeEvent<N>;
};

/**
 * One bus per app instance: domains publish, the socket layer (and anything else) subscribes.
 * Listeners must not throw; a failing listener is logged by whoever registered it.
 */
export class EventBus {
  readonly #emitter = new EventEmitter();

  publish<N extends RealtimeEventName>(name: N, ownerId: string, payload: RealtimeEvent<N>): void {
    this.#emitter.emit('event', { name, ownerId, payload } satisfies DomainEvent<N>);
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
  }
}
