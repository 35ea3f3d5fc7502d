import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { closeRealtime, syncRealtime } from '../../../lib/socket.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { OpenAlertsCount } from '../components/open-alerts-count.tsx';
import { buildAlert } from './watchlists-fixtures.ts';

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

describe('open alerts, live', () => {
  it('the navbar count asks again when a watch-list alert is raised or reviewed', async () => {
    const alert = buildAlert();
    stubApi({
      'GET /api/v1/watchlists/alerts': [
        () => json(200, { alerts: [alert], open: 1 }),
        () => json(200, { alerts: [alert, buildAlert()], open: 2 }),
        () => json(200, { alerts: [], open: 0 }),
      ],
    });
    storeTokens({ token: 'live', refreshToken: 'r' }, 'local');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <OpenAlertsCount />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect((await screen.findByTestId('open-alerts-count')).textContent).toBe('11 open alert');
    syncRealtime();
    await waitFor(async () => expect((await server.fetchSockets()).length).toBe(1));

    server.emit('watchlist.alert', { alertId: crypto.randomUUID(), profileId: alert.profileId, kind: 'match' });
    await waitFor(() => expect(screen.getByTestId('open-alerts-count').textContent).toBe('22 open alerts'));
    server.emit('watchlist.alert', { alertId: alert.id, profileId: alert.profileId, kind: 'match' });
    await waitFor(() => expect(screen.queryByTestId('open-alerts-count')).toBeNull());
  });
});
