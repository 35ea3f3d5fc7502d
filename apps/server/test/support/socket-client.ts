import type { AddressInfo } from 'node:net';
import { SOCKET_OPTIONS, type RealtimeEventName } from '@centinela/shared';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../../src/app.ts';

/** Listens on a free port of 127.0.0.1 and answers the base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Received = { name: RealtimeEventName; payload: unknown };
export type TestClient = { socket: Socket; received: Received[] };

/** A real socket.io client with the web app's options (no reconnection: a refusal must stay visible). */
export function connect(url: string, token?: string): TestClient {
  const socket = io(url, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    reconnection: false,
    forceNew: true,
    auth: token === undefined ? {} : { token },
  });
  const received: Received[] = [];
  socket.onAny((name: RealtimeEventName, payload: unknown) => received.push({ name, payload }));
  return { socket, received };
}

export function connected({ socket }: TestClient): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

export type ConnectError = Error & { data?: { code: string; message: string } };

export function refused({ socket }: TestClient): Promise<ConnectError> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    socket.once('connect_error', (error) => resolve(error as ConnectError));
  });
}

/** Resolves with the first event of this name (already received or still to come). */
export function nextEvent(client: TestClient, name: RealtimeEventName): Promise<unknown> {
  const seen = client.received.find((r) => r.name === name);
  if (seen) return Promise.resolve(seen.payload);
  return new Promise((resolve) => client.socket.once(name, (payload: unknown) => resolve(payload)));
}

export function disconnectAll(...clients: TestClient[]) {
  for (const { socket } of clients) socket.disconnect();
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the Redis of the Redis tests answers; outside CI an unreachable one skips them loudly. */
export async function redisReachable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.close();
    return true;
  } catch {
    if (process.env.CI) throw new Error(`Redis at ${REDIS_URL} is unreachable (CI=true: this is a failure)`);
    console.error(`\n!! Redis at ${REDIS_URL} is unreachable: the socket.io Redis tests DID NOT RUN.\n`);
    return false;
  }
}
