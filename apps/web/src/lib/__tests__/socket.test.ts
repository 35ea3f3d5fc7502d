import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { resetAuth } from '../auth-events.ts';
import { clearTokens, getRefreshToken, storeTokens } from '../auth-storage.ts';
import { bindRealtimeQueries, INVALIDATE_WINDOW_MS, PROFILES_QUERY_KEY } from '../realtime-queries.ts';
import { closeRealtime, getSocket, socketOptions, syncRealtime } from '../socket.ts';
import { useRealtime } from '../use-realtime.ts';

/**
 * The boundary is faked, nothing above it: a real socket.io server on 127.0.0.1 that accepts the tokens
 * in `valid`, refuses others the way our server does (`data: { code, message }`), and records each
 * handshake's token. jsdom's origin is pointed at it, as the app reaches the server on its own origin.
 */
let http: HttpServer;
let server: Server;
let valid: Map<string, true | string>;
let handshakes: (string | null)[];

declare const jsdom: { reconfigure(options: { url: string }): void };

beforeEach(async () => {
  valid = new Map();
  handshakes = [];
  http = createServer();
  server = new Server(http, { path: '/socket.io', transports: ['polling', 'websocket'] });
  server.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token ?? null;
    handshakes.push(token);
    const verdict = token ? (valid.get(token) ?? 'unauthenticated') : 'unauthenticated';
    if (verdict === true) return next();
    next(Object.assign(new Error(verdict), { data: { code: verdict, message: verdict } }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
});

afterEach(async () => {
  closeRealtime();
  await server.close();
});

const signIn = (token: string, refreshToken = `refresh-${token}`) => {
  valid.set(token, true);
  storeTokens({ token, refreshToken }, 'local');
};
const connectedSockets = async () => (await server.fetchSockets()).length;
const profileUpdated = { profileId: '7d3c1a4e-8f0b-4a55-9a2e-0c6f1d2b3a4c', status: 'PASSED' };

describe('the shared socket client', () => {
  it('uses the SPEC §7/§9 options', () => {
    expect(socketOptions).toEqual({
      path: '/socket.io',
      transports: ['polling', 'websocket', 'webtransport'],
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      autoConnect: false,
    });
    const manager = getSocket().io;
    expect(manager.timeout()).toBe(20_000);
    expect(manager.reconnectionDelay()).toBe(1_000);
    expect(manager.reconnectionDelayMax()).toBe(5_000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.reconnectionAttempts()).toBe(Infinity);
    expect(manager.opts).toMatchObject({ path: '/socket.io', transports: ['polling', 'websocket', 'webtransport'] });
  });

  it('stays off without a token, connects with the stored one, and delivers checked payloads to useRealtime', async () => {
    const received: unknown[] = [];
    const { unmount } = renderHook(() => useRealtime('profile.updated', (payload) => received.push(payload)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handshakes).toEqual([]);

    signIn('token-a');
    syncRealtime();
    await waitFor(async () => expect(await connectedSockets()).toBe(1));
    expect(handshakes).toEqual(['token-a']);

    server.emit('profile.updated', { profileId: 'not-a-uuid', status: 'PASSED' });
    server.emit('profile.updated', profileUpdated);
    await waitFor(() => expect(received).toEqual([profileUpdated]));

    unmount(); // the last listener gone: the connection is dropped
    await waitFor(async () => expect(await connectedSockets()).toBe(0));
  });

  it('opens one connection when several listeners subscribe at once', async () => {
    // Each engine.io handshake request, kept or not: a page's listeners must not each start one.
    const opened: string[] = [];
    server.engine.on('initial_headers', (_headers: unknown, request: { url?: string }) =>
      opened.push(request.url ?? ''),
    );
    signIn('token-a');
    const hooks = [1, 2, 3, 4].map(() => renderHook(() => useRealtime('profile.updated', () => undefined)));
    await waitFor(async () => expect(await connectedSockets()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(opened).toHaveLength(1);
    expect(handshakes).toEqual(['token-a']);
    hooks.forEach((hook) => hook.unmount());
  });

  it('reconnects with the new token after a sign-in and disconnects on sign-out', async () => {
    signIn('token-a');
    renderHook(() => useRealtime('profiles.deleted', () => undefined));
    await waitFor(async () => expect(await connectedSockets()).toBe(1));

    signIn('token-b');
    syncRealtime();
    await waitFor(() => expect(handshakes).toEqual(['token-a', 'token-b']));
    await waitFor(async () => expect(await connectedSockets()).toBe(1));

    clearTokens();
    syncRealtime();
    await waitFor(async () => expect(await connectedSockets()).toBe(0));

    signIn('token-c');
    syncRealtime();
    await waitFor(async () => expect(await connectedSockets()).toBe(1));
    resetAuth(); // an API 401 ends the session: the socket follows without being told
    await waitFor(async () => expect(await connectedSockets()).toBe(0));
  });

  it('refreshes an expired token once and reconnects with the new one', async () => {
    storeTokens({ token: 'old', refreshToken: 'refresh-old' }, 'local');
    valid.set('old', 'token_expired');
    valid.set('new', true);
    const requests = stubApi({
      'POST /api/auth/refresh': () =>
        json(200, { token: 'new', refreshToken: 'refresh-new', tokenType: 'Bearer', expiresIn: 3600 }),
    });
    renderHook(() => useRealtime('report.updated', () => undefined));

    await waitFor(async () => expect(await connectedSockets()).toBe(1));
    expect(handshakes).toEqual(['old', 'new']);
    expect(requests).toHaveLength(1);
    expect(getRefreshToken()).toBe('refresh-new');
  });

  it('signs out on a refused token and does not retry an unauthorized account', async () => {
    storeTokens({ token: 'revoked', refreshToken: 'r' }, 'local');
    renderHook(() => useRealtime('report.updated', () => undefined));
    await waitFor(() => expect(getRefreshToken()).toBeNull()); // resetAuth cleared the tokens
    expect(handshakes).toEqual(['revoked']);

    valid.set('blocked', 'account_not_authorized');
    storeTokens({ token: 'blocked', refreshToken: 'r' }, 'local');
    syncRealtime();
    await waitFor(() => expect(handshakes).toEqual(['revoked', 'blocked']));
    syncRealtime();
    syncRealtime();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handshakes).toEqual(['revoked', 'blocked']);
    expect(getRefreshToken()).toBe('r'); // a 403 is no reason to sign out (as in the API client)
  });
});

describe('live profile queries', () => {
  it(`invalidates ${JSON.stringify(PROFILES_QUERY_KEY)} queries once per burst, and nothing else`, async () => {
    signIn('token-a');
    const queryClient = new QueryClient();
    const fetches = { profiles: 0, users: 0 };
    // Screens on display: observed queries, so an invalidation refetches them.
    const stopObserving = (['profiles', 'users'] as const).map((key) =>
      new QueryObserver(queryClient, {
        queryKey: [key, 'list'],
        queryFn: () => ++fetches[key],
        staleTime: Infinity,
      }).subscribe(() => undefined),
    );
    await waitFor(() => expect(fetches).toEqual({ profiles: 1, users: 1 }));
    const stop = bindRealtimeQueries(queryClient);
    await waitFor(async () => expect(await connectedSockets()).toBe(1));

    server.emit('report.updated', {
      ...profileUpdated,
      reportId: '0b8f8a52-1a7e-4c1e-9a51-3f2d6c7e8a90',
      status: 'COMPLETED',
    });
    server.emit('profile.updated', profileUpdated);
    server.emit('profiles.deleted', { ids: [profileUpdated.profileId] });
    await waitFor(() => expect(fetches.profiles).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, INVALIDATE_WINDOW_MS + 100));
    expect(fetches).toEqual({ profiles: 2, users: 1 });

    // Sign-out clears the user query: the cache change alone makes the socket follow the session.
    clearTokens();
    queryClient.removeQueries({ queryKey: ['users'] });
    await waitFor(async () => expect(await connectedSockets()).toBe(0));
    stop();
    for (const unsubscribe of stopObserving) unsubscribe();
  });
});
