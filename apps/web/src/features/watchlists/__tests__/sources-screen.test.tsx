import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSourcesHealthResponse, TWatchlistSourceHealth, TWatchlistVersion } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PAGE_LOAD, signedInAs } from './watchlists-fixtures.ts';

declare const jsdom: { reconfigure(options: { url: string }): void };

const version = (overrides: Partial<TWatchlistVersion> = {}): TWatchlistVersion => ({
  id: crypto.randomUUID(),
  source: 'ofac-sdn',
  seq: 1,
  origin: 'bundled',
  fileName: 'ofac-sdn-2024-03-15.csv',
  fileSha256: 'a'.repeat(64),
  bytes: 3722511,
  publishedAt: '2024-03-15T00:00:00.000Z',
  loadedAt: '2026-11-20T10:00:00.000Z',
  entries: 14466,
  individuals: 6732,
  entities: 6535,
  added: 14466,
  removed: 0,
  changed: 0,
  current: true,
  ...overrides,
});

const list = (overrides: Partial<TWatchlistSourceHealth>): TWatchlistSourceHealth => ({
  id: 'ofac-sdn',
  publisher: 'U.S. Treasury — OFAC',
  url: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
  current: version(),
  dataAsOf: '2024-03-15T00:00:00.000Z',
  ageDays: 986.3,
  maxAgeDays: 7,
  stale: true,
  checkedAt: null,
  nextSyncAt: '2026-11-21T10:00:00.000Z',
  lastError: null,
  syncs24h: { total: 1, failed: 0 },
  ...overrides,
});

const health: TSourcesHealthResponse = {
  lists: [
    list({}),
    list({
      id: 'sat-69b',
      publisher: 'SAT (México) — Artículo 69-B CFF',
      current: version({ source: 'sat-69b', entries: 12508 }),
      lastError: {
        at: '2026-11-21T09:00:00.000Z',
        code: 'download',
        message: 'http://omawww.sat.gob.mx/…: fetch failed: getaddrinfo ENOTFOUND',
      },
      syncs24h: { total: 3, failed: 3 },
    }),
  ],
  providers: [
    {
      reportType: 'criminal_records',
      answered24h: 120,
      errorRate24h: 0.025,
      medianLatencyMs: 91_000,
      lastAnswerAt: '2026-11-21T09:59:00.000Z',
      pending: 30,
      etaSeconds: 600,
    },
  ],
  checkedAt: '2026-11-21T10:00:00.000Z',
};

/**
 * The list files go up through XMLHttpRequest (for its progress events), which the fetch stub does not
 * see: a real HTTP server on 127.0.0.1 answers them, jsdom's origin pointing at it.
 */
let http: Server;
let uploads: { type: string | undefined; query: string | null; bytes: number }[];
let answers: { status: number; body: unknown }[];

beforeEach(async () => {
  uploads = [];
  answers = [];
  http = createServer((request: IncomingMessage, response) => {
    // jsdom's XMLHttpRequest checks CORS against the origin it started with: allow it.
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type, accept, accept-language');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (!request.url?.includes('/upload')) return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      uploads.push({
        type: request.headers['content-type'],
        query: url.searchParams.get('fileName'),
        bytes: Buffer.concat(chunks).length,
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/` });
});

afterEach(async () => {
  await new Promise((resolve) => http.close(resolve));
});

const drop = (region: HTMLElement, file: File) =>
  fireEvent.change(region.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('sources screen', { timeout: 20_000 }, () => {
  it("shows each list's health, loads a new file with its delta, and says why a file is refused", async () => {
    const requests = signedInAs(['admin'], {
      'GET /api/v1/watchlists/sources': () => json(200, health),
      'POST /api/v1/watchlists/sources/ofac-sdn/sync': () => json(202, null),
    });
    renderApp('/sources');
    const ofac = await screen.findByRole('region', { name: 'OFAC SDN list (U.S. Treasury)' }, PAGE_LOAD);
    expect(within(ofac).getByText('1 (Shipped snapshot)')).toBeTruthy();
    expect(within(ofac).getByText('14,466 (individuals: 6,732, entities: 6,535)')).toBeTruthy();
    expect(within(ofac).getByText(/986 days old, 7 allowed/)).toBeTruthy();
    const sat = screen.getByRole('region', { name: 'SAT Article 69-B list (Mexico)' });
    const lastError = within(sat).getByTestId('watchlist-last-error');
    expect(within(lastError).getByText('The list could not be downloaded from its publisher.')).toBeTruthy();
    expect(within(lastError).getByText(/getaddrinfo ENOTFOUND/)).toBeTruthy();
    expect(within(sat).getByText('3 of 3')).toBeTruthy();
    const provider = screen.getByTestId('provider-health');
    expect(within(provider).getByText('Criminal records')).toBeTruthy();
    expect(within(provider).getByText('2.5%')).toBeTruthy();

    answers.push({
      status: 200,
      body: {
        version: version({ seq: 2, origin: 'upload', entries: 14966, added: 514, removed: 14, changed: 37 }),
        unchanged: false,
      },
    });
    drop(ofac, new File(['ent_num,SDN_Name\n'], 'sdn.csv', { type: 'text/csv' }));
    expect((await within(ofac).findByTestId('watchlist-upload-result')).textContent).toBe(
      'Version 2 loaded: 14,966 entries, 514 added, 14 removed, 37 changed.',
    );
    expect(uploads).toEqual([{ type: 'text/csv', query: 'sdn.csv', bytes: 17 }]);

    answers.push({
      status: 422,
      body: {
        code: 'watchlist_file_truncated',
        message: 'x',
        issues: [{ path: 'body', code: 'truncated', message: 'the file does not end with its end-of-file mark' }],
      },
    });
    drop(ofac, new File(['<consolidated/>'], 'consolidated.xml', { type: 'application/xml' }));
    const refused = await within(ofac).findByTestId('watchlist-upload-error');
    expect(within(refused).getByText('The file ends before the list does: it looks cut short.')).toBeTruthy();
    expect(within(refused).getByText('the file does not end with its end-of-file mark')).toBeTruthy();
    expect(uploads[1]!.type).toBe('application/xml');

    fireEvent.click(within(ofac).getByRole('button', { name: 'Sync OFAC SDN list (U.S. Treasury) now' }));
    expect(
      await screen.findByText('OFAC SDN list (U.S. Treasury) will be downloaded in a moment.', {}, PAGE_LOAD),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/sources/ofac-sdn/sync'))).toBe(true);
  });

  it('is not for client users', async () => {
    signedInAs(['manager'], {});
    renderApp('/sources');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sources' })).toBeNull();
  });
});
