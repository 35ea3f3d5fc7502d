import type { TCreditsSummary } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../testing/data.ts';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { buildDetail, counts, PAGE_LOAD } from '../../features/profiles/__tests__/profiles-fixtures.ts';

const credits: TCreditsSummary = {
  ownerId: crypto.randomUUID(),
  plan: 'free',
  limited: true,
  creditsAvailable: 3,
  creditsInitial: 50,
  nextRefillAt: '2026-12-01T00:00:00.000Z',
  lockedReportTypes: ['news_search'],
};

describe('wording a Spanish- or Portuguese-speaking analyst reads', { timeout: 15_000 }, () => {
  it('the Portuguese upgrade dialog writes to the Portuguese sales desk', async () => {
    storeTokens(buildTokens());
    const user = buildUser({
      owner: { id: credits.ownerId, codeName: 'pyme', name: 'Pyme', plan: 'free' },
      scope: ['profiles:read'],
    });
    stubApi({
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/credits': () => json(200, credits),
      'GET /api/v1/profiles': () => json(200, { items: [], nextCursor: null }),
      'GET /api/v1/profiles/counts': () => json(200, { total: 0, byStatus: {} }),
      'GET /api/v1/pipelines': () => json(200, { items: [] }),
    });
    renderApp('/pt');
    const banner = await screen.findByTestId('free-plan-banner', {}, PAGE_LOAD);
    fireEvent.click(within(banner).getByRole('button', { name: 'Fazer upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faça upgrade do seu plano' });
    expect(dialog.textContent).toContain('vendas@centinela.example');
    expect(dialog.textContent).not.toContain('ventas@');
    expect(within(dialog).getByRole('link', { name: 'Falar com vendas' }).getAttribute('href')).toMatch(
      /^mailto:vendas@centinela\.example\?subject=/,
    );
  });

  it("names a person's document as their country does (CC in Colombia), not a generic national document", async () => {
    storeTokens(buildTokens());
    const profile = buildDetail({ name: 'Sebastián Rojas', country: 'co', documentType: 'national_id' });
    stubApi({
      'GET /api/auth/user': () => json(200, { user: buildUser({ availableCountries: ['co'] }) }),
      'GET /api/v1/profiles': () => json(200, { items: [profile], nextCursor: null }),
      'GET /api/v1/profiles/counts': () => json(200, counts(1)),
      'GET /api/v1/pipelines': () => json(200, { items: [] }),
      'GET /api/v1/uploads': () => json(200, { items: [] }),
      [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
      [`GET /api/v1/profiles/${profile.id}/views`]: () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderApp(`/es/persons/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: /Perfil/ }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Sebastián Rojas' });
    expect(flyout.textContent).toMatch(/CC — Cédula de ciudadanía/i);
    expect(document.body.textContent).not.toMatch(/Documento nacional/i);
  });
});
