import type { TCreditsSummary } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const summary = (overrides: Partial<TCreditsSummary> = {}): TCreditsSummary => ({
  ownerId: crypto.randomUUID(),
  plan: 'free',
  limited: true,
  creditsAvailable: 3,
  creditsInitial: 50,
  nextRefillAt: '2026-12-01T00:00:00.000Z',
  lockedReportTypes: ['news_search', 'judicial_records'],
  ...overrides,
});

function signedIn(plan: 'free' | 'standard', credits: TCreditsSummary) {
  storeTokens(buildTokens());
  const user = buildUser({
    owner: { id: credits.ownerId, codeName: 'pyme', name: 'Pyme', plan },
    scope: ['profiles:read'],
  });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/credits': () => json(200, credits),
    'GET /api/v1/profiles': () => json(200, { items: [], nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, { total: 0, byStatus: {} }),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
  });
}

describe('free-plan banner', () => {
  it('says what is left and when it refills; Upgrade lists what the plan lacks', async () => {
    signedIn('free', summary());
    renderApp('/');
    const banner = await screen.findByTestId('free-plan-banner', {}, { timeout: 5000 });
    expect(banner.textContent).toContain('3 credits left of 50 this month');
    expect(banner.textContent).toContain('Credits refill on');
    fireEvent.click(within(banner).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(dialog.textContent).toContain('Checks without a monthly credit limit');
    expect(dialog.textContent).toContain('News search');
    expect(within(dialog).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('turns into an out-of-credits warning at zero, in Spanish too', async () => {
    signedIn('free', summary({ creditsAvailable: 0 }));
    renderApp('/es');
    const banner = await screen.findByTestId('free-plan-banner', {}, { timeout: 5000 });
    expect(banner.textContent).toContain('Se agotaron sus créditos');
    expect(within(banner).getByRole('button', { name: 'Mejorar plan' })).toBeTruthy();
  });

  it('is not shown, nor asked for, on the standard plan', async () => {
    const requests = signedIn('standard', summary({ plan: 'standard', limited: false }));
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('free-plan-banner')).toBeNull();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/v1/credits')).toBe(false);
  });
});
