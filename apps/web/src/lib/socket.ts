import { SOCKET_OPTIONS, type RealtimeEvent, type RealtimeEventName } from '@centinela/shared';
import { io, type Socket } from 'socket.io-client';
import { onAuthReset, resetAuth } from './auth-events.ts';
import { getAuthorization } from './auth-storage.ts';
import { refreshSession } from './refresh-session.ts';

export type RealtimeEvents = { [N in RealtimeEventName]: (payload: RealtimeEvent<N>) => void };
export type RealtimeSocket = Socket<RealtimeEvents>;

/**
 * The client's options: SPEC §7/§9 (path, transports, 20 s time-out, 1–5 s reconnection back-off with
 * 0.5 randomization, unlimited attempts) from the shared SOCKET_OPTIONS. 'webtransport' is listed as the
 * SPEC says, but the server never offers it (it needs HTTP/3), so browsers use polling → websocket.
 * autoConnect is off: the socket connects only while something listens and a token is stored.
 */
export const socketOptions = {
  ...SOCKET_OPTIONS,
  transports: [...SOCKET_OPTIONS.transports],
  autoConnect: false,
};

let socket: RealtimeSocket | null = null;
/** How many listeners (useRealtime, the query integration) want the connection. */
let demand = 0;
/** The token the last handshake sent, and one the server refused for good (never retried by itself). */
let handshakeToken: string | null = null;
let refusedToken: string | null = null;
let stopWatching: (() => void) | null = null;
/** Bumped by closeRealtime, so releases of a closed client's retains do not count against the next. */
let generation = 0;

/** The stored bearer token without its type: the server takes it as `auth: { token }`. */
function storedToken(): string | null {
  return getAuthorization()?.replace(/^Bearer\s+/i, '') || null;
}

/** The one shared client of the app (same origin: the dev server proxies /socket.io). */
export function getSocket(): RealtimeSocket {
  if (socket) return socket;
  const created: RealtimeSocket = io({
    ...socketOptions,
    // Read at every (re)connection, so a reconnect always carries the newest token.
    auth: (send) => {
      handshakeToken = storedToken();
      send({ token: handshakeToken });
    },
  });
  created.on('connect_error', (error) => void onRefused(error));
  socket = created;
  // Another tab signing in or out changes the stored token; this tab's API 401s reset auth.
  const onStorage = () => syncRealtime();
  window.addEventListener('storage', onStorage);
  const stopAuthReset = onAuthReset(syncRealtime);
  stopWatching = () => {
    window.removeEventListener('storage', onStorage);
    stopAuthReset();
  };
  return created;
}

type ConnectError = Error & { data?: { code?: string } };
const TRANSIENT = new Set(['service_unavailable', 'internal']);

/**
 * A refused handshake (`data: { code, message }` from the server) is not retried by socket.io: we decide.
 * An expired token is refreshed once and the socket reconnects with the new one; a refused token that
 * is still the stored one resets auth like the API client does (SPEC §4); outages retry after the
 * longest back-off. Errors without a code are transport failures, which socket.io retries itself.
 */
async function onRefused(error: ConnectError): Promise<void> {
  const code = error.data?.code;
  if (!code) return;
  const refused = handshakeToken;
  if (storedToken() !== refused) return syncRealtime(); // a refresh or sign-in raced the handshake
  if (TRANSIENT.has(code)) {
    setTimeout(syncRealtime, SOCKET_OPTIONS.reconnectionDelayMax);
    return;
  }
  refusedToken = refused;
  if (code === 'token_expired' && (await refreshSession())) return syncRealtime();
  if (code === 'unauthenticated' || code === 'token_expired') resetAuth();
  // account_not_authorized: stay disconnected; the API refuses the same token and the app says so.
}

/**
 * Makes the connection match the session: connected while wanted and a token is stored, reconnected
 * when the stored token changed (refresh, sign-in as someone else), disconnected on sign-out.
 * Cheap (one storage read), so it may be called on every hint that the session changed.
 */
export function syncRealtime(): void {
  if (!socket) return;
  const token = storedToken();
  if (!token || demand === 0) {
    if (socket.active) socket.disconnect();
    return;
  }
  if (socket.active && token === handshakeToken) return;
  if (token === refusedToken) return;
  refusedToken = null;
  if (socket.active) socket.disconnect();
  // The handshake reads it again when it is sent; set now, so the page's other listeners subscribing in
  // the same tick find this connection under way instead of each starting their own.
  handshakeToken = token;
  socket.connect();
}

/** Declares a need for the connection; the returned release ends it (the last one disconnects). */
export function retainRealtime(): () => void {
  getSocket();
  demand += 1;
  syncRealtime();
  const retainedIn = generation;
  let released = false;
  return () => {
    if (released || retainedIn !== generation) return;
    released = true;
    demand -= 1;
    // Deferred: React's StrictMode unmounts and remounts effects at once; do not drop the connection for it.
    queueMicrotask(syncRealtime);
  };
}

/** Disconnects and forgets the shared client (tests; sign-out needs only syncRealtime). */
export function closeRealtime(): void {
  generation += 1;
  stopWatching?.();
  socket?.disconnect();
  socket = null;
  stopWatching = null;
  demand = 0;
  handshakeToken = null;
  refusedToken = null;
}
