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
  for (const client of [pub, sub]) client.on('error', (error: unknown) => log.error({ err: error }, 'socket.io Redis adapter error'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key }),
    close: async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
