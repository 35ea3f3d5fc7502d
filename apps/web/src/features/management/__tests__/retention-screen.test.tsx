import { scopesForRoles, type TExpiringPerson, type TRetentionSettings } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PAGE_LOAD = { timeout: 5_000 } as const;

const expiring = (name: string, expiresAt: string): TExpiringPerson => ({
  profileId: crypto.randomUUID(),
  name,
  country: 'co',
  status: 'PASSED',
  lastActivityAt: '2026-05-20T10:00:00.000Z',
  expiresAt,
});

function signedInManager(overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  storeTokens(buildTokens());
  const user = buildUser({ roles: ['manager'], scope: scopesForRoles(['manager']) });
  const settings: TRetentionSettings = { retentionMonths: 12, expiringSoon: 1, held: 0 };
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/users': () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }),
    'GET /api/v1/retention': () => json(200, settings),
    'GET /api/v1/retention/expiring': () =>
      json(200, { items: [expiring('Lucía Prieto', '2026-12-10T10:00:00.000Z')], nextCursor: null }),
    'GET /api/v1/retention/holds': () => json(200, { items: [], nextCursor: null }),
    ...overrides,
  });
}

describe('retention page', { timeout: 15_000 }, () => {
  it('shows the setting, what expires in 30 days with a link to each person, and that no one is on hold', async () => {
    signedInManager();
    renderApp('/management/retention');
    expect(await screen.findByRole('heading', { name: 'Retention', level: 1 }, PAGE_LOAD)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Expiring in the next 30 days' });
    const link = within(table).getByRole('link', { name: 'Lucía Prieto' });
    expect(link.getAttribute('href')).toMatch(/^\/persons\/co\/[0-9a-f-]{36}$/);
    expect(within(table).getByText('December 10, 2026')).toBeTruthy();
    expect(screen.getByText('No one is on legal hold')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Retention (months)' })).toHaveProperty('value', '12');
  });

  it('asks before a shorter retention deletes persons at once, saying how many, then saves', async () => {
    const requests = signedInManager({
      'GET /api/v1/retention/preview': () => json(200, { expireNow: 2 }),
      'PATCH /api/v1/retention': () => json(200, { retentionMonths: 6, expiringSoon: 3, held: 0 }),
    });
    renderApp('/management/retention');
    const months = await screen.findByRole('textbox', { name: 'Retention (months)' }, PAGE_LOAD);
    fireEvent.change(months, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete persons now?' });
    expect(within(dialog).getByText(/With 6 months, 2 persons have already expired/)).toBeTruthy();
    const preview = requests.find((r) => new URL(r.url).pathname === '/api/v1/retention/preview');
    expect(new URL(preview!.url).searchParams.get('retentionMonths')).toBe('6');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and delete' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ retentionMonths: 6 });
  });

  it('refuses a retention out of bounds in the form, in Spanish too', async () => {
    const requests = signedInManager();
    renderApp('/es/management/retention');
    const months = await screen.findByRole('textbox', { name: 'Retención (meses)' }, PAGE_LOAD);
    fireEvent.change(months, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La retención es un número entero de meses, de 1 a 120.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH' || new URL(r.url).pathname.endsWith('/preview'))).toBe(false);
  });

  it('says so when the retention cannot be loaded', async () => {
    signedInManager({
      'GET /api/v1/retention': () => json(503, { code: 'unavailable', message: 'Service unavailable' }),
    });
    renderApp('/management/retention');
    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('lists nothing expiring with its empty state', async () => {
    signedInManager({ 'GET /api/v1/retention/expiring': () => json(200, { items: [], nextCursor: null }) });
    renderApp('/pt/management/retention');
    expect(await screen.findByText('Nada vence nos próximos 30 dias', {}, PAGE_LOAD)).toBeTruthy();
  });
});
