import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { bindRealtimeQueries } from '../../../lib/realtime-queries.ts';
import { closeRealtime, syncRealtime } from '../../../lib/socket.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { useNavbarMetrics } from '../api/get-navbar-metrics.ts';
import { navbarMetrics } from './metrics-fixtures.ts';

/** A real socket.io server on 127.0.0.1 (jsdom's origin points at it), as lib/__tests__/socket.test.ts does. */
let http: HttpServer;
let server: Server;
declare const jsdom: { reconfigure(options: { url: string }): void };

beforeEach(async () => {
  http = createServer();
  server = new Server(http, { path: '/socket.io', transports: ['polling', 'websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
});

afterEach(async () => {
  closeRealtime();
  await server.close();
});

describe('navbar metrics, live', () => {
  it('refetches on a profile event and takes the balance of a credits event as it comes', async () => {
    let fetches = 0;
    stubApi({
      'GET /api/v1/metrics/navbar': () =>
        json(200, navbarMetrics({ plan: 'free', creditsAvailable: 10, newToday: ++fetches })),
    });
    storeTokens({ token: 'live', refreshToken: 'r' }, 'local');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = bindRealtimeQueries(queryClient);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useNavbarMetrics(), { wrapper });
    await waitFor(() => expect(result.current.data?.newToday).toBe(1));
    syncRealtime();
    await waitFor(async () => expect((await server.fetchSockets()).length).toBe(1));

    server.emit('profile.updated', { profileId: '7d3c1a4e-8f0b-4a55-9a2e-0c6f1d2b3a4c', status: 'PASSED' });
    await waitFor(() => expect(result.current.data?.newToday).toBe(2));

    server.emit('credits.updated', { creditsAvailable: 9 });
    await waitFor(() => expect(result.current.data?.creditsAvailable).toBe(9));
    expect(fetches).toBe(2);
    stop();
  });
});
