import { SOCKET_OPTIONS } from '@centinela/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { DEFAULT_REALTIME_KEY } from '../domains/realtime/publisher.ts';
import { realtimeMessage, roomFor } from '../domains/realtime/rooms.ts';
import { authenticateHandshake, type SocketData } from './socket/handshake.ts';
import { redisAdapter } from './socket/redis-adapter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server (SPEC §7) at /socket.io on the app's own HTTP server. */
    io: Server;
    /** Whether the Redis the sockets share answers; null without REDIS_URL (readiness checks it). */
    realtimeRedis: { reachable(): Promise<boolean> } | null;
  }
}

export type SocketPluginOptions = {
  /** Redis channel prefix of the adapter; processes (and redis-emitter workers) sharing it share rooms. */
  redisKey?: string;
};

/**
 * Live updates: sockets authenticate with the API's bearer token, each joins its one room (rooms.ts),
 * and every event on `app.events` goes to its owner's room and the platform room. With REDIS_URL the
 * Redis adapter makes that work across server processes and for separate worker processes.
 */
export default fp(
  async function socket(app: FastifyInstance, opts: SocketPluginOptions) {
    const redis = app.config.REDIS_URL
      ? await redisAdapter(app.config.REDIS_URL, opts.redisKey ?? DEFAULT_REALTIME_KEY, app.log)
      : null;
    const io = new Server(app.server, {
      path: SOCKET_OPTIONS.path,
      // The client also lists 'webtransport' (SPEC §7), but WebTransport needs HTTP/3, which Fastify does
      // not serve; the server never offers it as an upgrade, so clients stay on polling → websocket.
      transports: ['polling', 'websocket'],
      serveClient: false,
      ...(redis && { adapter: redis.adapter }),
    });
    app.decorate('io', io);
    app.decorate('realtimeRedis', redis && { reachable: redis.reachable });

    io.use(authenticateHandshake(app));
    io.on('connection', (socket) => {
      const room = roomFor((socket.data as SocketData).caller);
      if (room) void socket.join(room);
      else socket.disconnect(true);
    });

    const unsubscribe = app.events.subscribe((event) => {
      const message = realtimeMessage(event);
      if ('error' in message) return app.log.error({ event: event.name }, message.error);
      io.to(message.rooms).emit(message.name, message.payload);
    });

    // Before Fastify closes its HTTP server: open websockets would otherwise keep server.close() waiting.
    // Closing the transports (engine.io), not disconnecting the sockets: a client whose transport closes
    // reconnects by itself (reason "transport close") — to another process behind the load balancer —
    // whereas a socket.io disconnect ("io server disconnect") would tell it to stay away. Only this
    // process's connections: nothing here goes through the Redis adapter.
    app.addHook('preClose', (done) => {
      unsubscribe();
      io.engine.close();
      done();
    });
    app.addHook('onClose', async () => {
      // Its UNSUBSCRIBEs would wait in the offline queue of a Redis that went away, and then be rejected.
      if (!redis || redis.connected()) await io.of('/').adapter.close();
      await redis?.close();
    });
  },
  { name: 'socket', dependencies: ['auth', 'db'] },
);
