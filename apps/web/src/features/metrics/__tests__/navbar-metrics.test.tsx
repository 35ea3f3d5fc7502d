import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { navbarMetrics, signedInWithMetrics } from './metrics-fixtures.ts';

// The first render loads the lazy page and the chart library.
const SLOW = { timeout: 10_000 };

const chips = async (name = 'Metrics') => {
  const region = screen.getByRole('region', { name });
  await within(region).findAllByTestId('navbar-metric', {}, SLOW);
  return within(region)
    .getAllByTestId('navbar-metric')
    .map((chip) => chip.getAttribute('aria-label'));
};

describe('navbar metrics', () => {
  it(
    'shows the owner’s counts per status and today’s new persons, asking for the browser’s day',
    { timeout: 20_000 },
    async () => {
      const requests = signedInWithMetrics();
      renderApp('/analytics');
      await screen.findByRole('heading', { name: 'Analytics' }, SLOW);
      expect(await chips()).toEqual([
        'Pending: 12',
        'In manual review: 3',
        'Passed: 1,234',
        'Failed: 8',
        'New persons today: 5',
      ]);
      // Each chip's tooltip, drawn by CSS from its label, with no code to load.
      const region = screen.getByRole('region', { name: 'Metrics' });
      expect(within(region).getAllByTestId('navbar-metric')[0]!.parentElement!.dataset.label).toBe('Pending');
      const call = requests.find((r) => r.url.includes('/api/v1/metrics/navbar'));
      expect(new URL(call!.url).searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    },
  );

  it('adds the remaining credits on a credits plan, in Spanish', async () => {
    signedInWithMetrics({
      'GET /api/v1/metrics/navbar': () => json(200, navbarMetrics({ plan: 'free', creditsAvailable: 7 })),
    });
    renderApp('/es/analytics');
    await screen.findByRole('heading', { name: 'Analítica' }, SLOW);
    expect(await chips('Métricas')).toEqual([
      'Pendientes: 12',
      'En revisión manual: 3',
      'Aprobados: 1234',
      'No aprobados: 8',
      'Personas nuevas hoy: 5',
      'Créditos disponibles: 7',
    ]);
  });

  it('leaves the slot empty when the figures cannot be loaded', async () => {
    signedInWithMetrics({ 'GET /api/v1/metrics/navbar': () => json(403, { code: 'forbidden', message: 'no' }) });
    renderApp('/analytics');
    await screen.findByRole('heading', { name: 'Analytics' }, SLOW);
    const region = screen.getByRole('region', { name: 'Metrics' });
    await screen.findByRole('link', { name: 'Analytics' });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(region).queryAllByTestId('navbar-metric')).toHaveLength(0);
  });

  it('is not mounted on a screen narrower than md, where it would be hidden: no request, no chips', async () => {
    vi.stubGlobal('innerWidth', 390);
    const requests = signedInWithMetrics();
    renderApp('/analytics');
    await screen.findByRole('heading', { name: 'Analytics' }, SLOW);
    await screen.findByRole('link', { name: 'Analytics' });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(screen.getByRole('region', { name: 'Metrics' })).queryAllByTestId('navbar-metric')).toHaveLength(0);
    expect(requests.filter((r) => r.url.includes('/api/v1/metrics/navbar'))).toHaveLength(0);
  });
});
