import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// Before any module builds its date formats: 1 December 00:00 UTC is still 30 November in Mexico City.
vi.hoisted(() => {
  process.env.TZ = 'America/Mexico_City';
});

describe('free-plan banner in Mexico City', () => {
  it('names the refill day as the calendar says it, not the evening before', async () => {
    storeTokens(buildTokens());
    const ownerId = crypto.randomUUID();
    stubApi({
      'GET /api/auth/user': () =>
        json(200, {
          user: buildUser({ owner: { id: ownerId, codeName: 'pyme', name: 'Pyme', plan: 'free' }, scope: [] }),
        }),
      'GET /api/v1/credits': () =>
        json(200, {
          ownerId,
          plan: 'free',
          limited: true,
          creditsAvailable: 3,
          creditsInitial: 50,
          nextRefillAt: '2026-12-01T00:00:00.000Z',
          lockedReportTypes: [],
        }),
      'GET /api/v1/profiles': () => json(200, { items: [], nextCursor: null }),
      'GET /api/v1/profiles/counts': () => json(200, { total: 0, byStatus: {} }),
      'GET /api/v1/pipelines': () => json(200, { items: [] }),
    });
    renderApp('/');
    const banner = await screen.findByTestId('free-plan-banner', {}, { timeout: 5000 });
    expect(new Date('2026-12-01T00:00:00.000Z').getDate()).toBe(30);
    expect(banner.textContent).toContain('December 1, 2026');
  });
});
