import type { TSourcesHealthResponse, TWatchlistVersion } from '@centinela/shared';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildSummary, PAGE_LOAD, signedInAs } from './watchlists-fixtures.ts';

// A reader west of UTC: a list dated 2024-05-03 (midnight UTC) is the evening of May 2 there.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Mexico_City';
});
afterAll(() => {
  // Assigning undefined would set the text "undefined", a zone that does not exist.
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const version = (overrides: Partial<TWatchlistVersion>): TWatchlistVersion => ({
  id: crypto.randomUUID(),
  source: 'ofac-sdn',
  seq: 3,
  origin: 'upload',
  fileName: 'sdn.csv',
  fileSha256: 'a'.repeat(64),
  bytes: 3722511,
  publishedAt: null,
  loadedAt: '2026-11-20T10:00:00.000Z',
  entries: 14965,
  individuals: 6854,
  entities: 6884,
  added: 0,
  removed: 0,
  changed: 0,
  current: true,
  ...overrides,
});

describe("a list's date", { timeout: 20_000 }, () => {
  it('is the day the list carries in every time zone, and a file without one says so', async () => {
    expect(new Date('2024-05-03T00:00:00.000Z').getDate()).toBe(2);
    signedInAs(['analyst'], {
      'GET /api/v1/watchlists/monitoring': () =>
        json(
          200,
          buildSummary({
            lists: [
              { source: 'ofac-sdn', seq: 3, publishedAt: null, stale: false, checkedAt: null, entries: 14965 },
              {
                source: 'un-sc',
                seq: 1,
                publishedAt: '2024-05-03T00:00:00.000Z',
                stale: false,
                checkedAt: null,
                entries: 1093,
              },
            ],
          }),
        ),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'GET /api/v1/watchlists/enrolments': () => json(200, { enrolments: [], nextCursor: null }),
    });
    renderApp('/monitoring');
    await screen.findByText('Data as of May 3, 2024', undefined, PAGE_LOAD);
    const lists = screen.getAllByTestId('monitoring-list');
    expect(within(lists[0]!).getByText('The file carries no date of its own')).toBeTruthy();
  });

  it('on the sources screen: the data’s day, and the undated file said on the card and in the history', async () => {
    const health: TSourcesHealthResponse = {
      lists: [
        {
          id: 'ofac-sdn',
          publisher: 'U.S. Treasury — OFAC',
          url: 'https://example.test/SDN.CSV',
          current: version({}),
          dataAsOf: '2026-11-20T00:00:00.000Z',
          ageDays: 1,
          maxAgeDays: 7,
          stale: false,
          checkedAt: null,
          nextSyncAt: '2026-11-21T10:00:00.000Z',
          lastError: null,
          syncs24h: { total: 1, failed: 0 },
        },
      ],
      providers: [],
      checkedAt: '2026-11-21T10:00:00.000Z',
    };
    signedInAs(['admin'], { 'GET /api/v1/watchlists/sources': () => json(200, health) });
    renderApp('/sources');
    const ofac = await screen.findByRole('region', { name: 'OFAC SDN list (U.S. Treasury)' }, PAGE_LOAD);
    expect(within(ofac).getByText(/^Nov 20, 2026 · The file carries no date of its own · 1 day old/)).toBeTruthy();
  });
});
