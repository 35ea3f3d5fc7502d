import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { analytics, signedInWithMetrics } from './metrics-fixtures.ts';

// The first render loads the lazy page and the chart library.
const SLOW = { timeout: 10_000 };
const section = (name: string) => screen.findByRole('region', { name }, SLOW);

describe('analytics page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a chart’s figures as a table and downloads the same table as CSV', { timeout: 20_000 }, async () => {
    signedInWithMetrics();
    renderApp('/analytics');
    const turnaround = await section('Turnaround time');
    fireEvent.click(within(turnaround).getByRole('radio', { name: 'Table' }));
    const table = within(turnaround).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Report', 'Country', 'Reports', 'Median', '90th percentile'],
      ['Criminal records', 'Colombia', '3', '30 min', '2 hr'],
      ['News search', 'Mexico', '1', '3 days', '3 days'],
    ]);

    let saved: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => ((saved = blob), 'blob:csv'),
        revokeObjectURL: () => undefined,
      }),
    );
    fireEvent.click(within(turnaround).getByRole('button', { name: 'Download CSV' }));
    const text = (await saved!.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(
      'Report,Country,Reports,Median,90th percentile\r\nCriminal records,Colombia,3,30 min,2 hr\r\nNews search,Mexico,1,3 days,3 days\r\n',
    );
  });

  it('says when a chart has nothing to show, in Spanish, and sends the filters to the API', async () => {
    const requests = signedInWithMetrics();
    renderApp('/es/analytics');
    const reviewers = await section('Carga de los revisores');
    expect(within(reviewers).getByText('No hay nada que mostrar con estos filtros.')).toBeTruthy();
    const manual = await section('Revisión manual');
    expect(within(manual).getByText('El 20 % de los informes necesitó revisión manual')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Semana' }));
    await waitFor(() => expect(requests.some((r) => new URL(r.url).searchParams.get('bucket') === 'week')).toBe(true));
    const query = new URL(requests.findLast((r) => r.url.includes('/metrics/analytics'))!.url).searchParams;
    expect(query.get('from')! <= query.get('to')!).toBe(true);
  });

  it('shows a failed load with a way to try again', async () => {
    signedInWithMetrics({
      'GET /api/v1/metrics/analytics': [
        // A failure a retry can change (any other 4xx offers no retry; a 5xx is first retried by itself).
        () => json(429, { code: 'rate_limited', message: 'Too many attempts' }),
        () => json(200, analytics()),
      ],
    });
    renderApp('/analytics');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveProperty(
      'textContent',
      expect.stringContaining('Too many attempts'),
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    fireEvent.click(retry);
    expect(await section('Status of persons')).toBeTruthy();
  });
});
