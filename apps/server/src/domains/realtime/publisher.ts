import { Emitter } from '@socket.io/redis-emitter';
import { createClient } from 'redis';
import type { Config } from '../../lib/config.ts';
import type { DomainEvent, EventBus } from '../../kernel/index.ts';
import { realtimeMessage } from './rooms.ts';

/** Channel prefix shared by the socket.io Redis adapter and the emitter (their default). */
export const DEFAULT_REALTIME_KEY = 'socket.io';

export type EventPublisher = {
  /** Sends a committed change to its owner's sockets (and platform staff) on every server process. */
  publish(event: DomainEvent): void;
  close(): Promise<void>;
};

type Logger = { error(obj: object, msg: string): void; warn(msg: string): void };

/**
 * How a worker running as its own process (`npm run worker`) reaches browsers: it has no sockets, so it
 * publishes through Redis (@socket.io/redis-emitter) to the same rooms the servers' Redis adapter
 * serves. Without REDIS_URL there is no channel between processes and this returns null: the embedded
 * default (`npm start`, PGlite) runs workers inside the server process, where they publish on
 * `app.events` instead, and a separate worker must not be started without Redis.
 */
export async function createEventPublisher(
  config: Pick<Config, 'REDIS_URL'>,
  options: { key?: string; log?: Logger } = {},
): Promise<EventPublisher | null> {
  if (!config.REDIS_URL) return null;
  const log = options.log ?? console;
  const client = createClient({ url: config.REDIS_URL });
  // node-redis reconnects by itself; without a listener an 'error' event would crash the worker.
  client.on('error', (error: unknown) => log.error({ err: error }, 'realtime publisher: Redis error'));
  await client.connect();
  const emitter = new Emitter(client, { key: options.key ?? DEFAULT_REALTIME_KEY });
  return {
    publish(event) {
      const message = realtimeMessage(event);
      if ('error' in message) return log.error({ event: event.name }, message.error);
      emitter.to(message.rooms).emit(message.name, message.payload);
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * For a worker process: forwards its own EventBus to browsers through createEventPublisher until
 * close(). Without REDIS_URL it only warns: the events stay in the worker, and screens catch up on
 * their next refetch (run workers inside the server, WORKERS=true, for live updates without Redis).
 */
export async function bridgeEventsToSockets(
  events: EventBus,
  config: Pick<Config, 'REDIS_URL'>,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const publisher = await createEventPublisher(config, { log });
  if (!publisher) {
    log.warn('REDIS_URL is not set: report events from this worker process will not reach browsers live');
    return { close: async () => {} };
  }
  const unsubscribe = events.subscribe((event) => publisher.publish(event));
  return {
    async close() {
      unsubscribe();
      await publisher.close();
    },
  };
}
