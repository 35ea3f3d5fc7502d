import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * The socket.io Redis adapter on node-redis: one client publishes, a duplicate subscribes (a subscribed
 * Redis connection can do nothing else). Every server process with the same REDIS_URL and key then
 * delivers the others' room broadcasts, and redis-emitter publishers (separate workers) reach them too.
 */
export async function redisAdapter(url: string, key: string, log: FastifyBaseLogger) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // node-redis reconnects by itself; an 'error' without a listener would crash the server.
  for (const client of [pub, sub])
    client.on('error', (error: unknown) => log.error({ err: error }, 'socket.io Redis adapter error'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key }),
    /** Both connections are up (a closing app skips the adapter's goodbyes to a Redis that went away). */
    connected: () => pub.isReady && sub.isReady,
    /** Both connections are up and Redis answers a PING within a second (readiness, /api/health/ready). */
    reachable: async (): Promise<boolean> => {
      if (!pub.isReady || !sub.isReady) return false;
      const timeout = new Promise<false>((resolve) => setTimeout(resolve, 1000, false).unref());
      return Promise.race([
        pub.ping().then(
          (pong) => pong === 'PONG',
          () => false,
        ),
        timeout,
      ]);
    },
    close: async () => {
      // close() waits for a reply that a Redis that went away never sends: a client that is not ready is
      // dropped instead, so a process with its Redis down still shuts down (drain, SIGTERM).
      await Promise.allSettled([pub, sub].map((c) => (c.isReady ? c.close() : Promise.resolve(c.destroy()))));
    },
  };
}
