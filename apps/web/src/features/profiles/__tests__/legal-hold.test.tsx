import { scopesForRoles, type TProfileHold } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, counts, PAGE_LOAD } from './profiles-fixtures.ts';

const profile = buildDetail({ name: 'Marta Ibáñez' });
const held: TProfileHold = {
  hold: {
    at: '2026-11-20T15:00:00.000Z',
    by: { id: crypto.randomUUID(), username: 'jefa@acme.test' },
    reason: 'Caso 42',
  },
};

function signedInAs(roles: ('manager' | 'analyst')[], extra: Parameters<typeof stubApi>[0] = {}) {
  storeTokens(buildTokens());
  const user = buildUser({ roles, scope: scopesForRoles(roles), availableCountries: ['co', 'mx'] });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items: [buildProfile()], nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, counts(1, { PASSED: 1 })),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
    ...extra,
  });
}

describe('legal hold in the flyout', { timeout: 15_000 }, () => {
  it('a manager puts the person on hold, a reason required, and sees who and when', async () => {
    const requests = signedInAs(['manager'], {
      [`GET /api/v1/profiles/${profile.id}/hold`]: () => json(200, { hold: null }),
      [`PUT /api/v1/profiles/${profile.id}/hold`]: () => json(200, held),
    });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('legal-hold');
    expect(within(panel).getByText(/Not on legal hold/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Put on legal hold' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Put on hold' }));
    expect(await within(panel).findByText('Reason is required.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Reason' }), { target: { value: '  Caso 42 ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Put on hold' }));
    expect(await within(panel).findByText('On legal hold since November 20, 2026, by jefa@acme.test')).toBeTruthy();
    expect(within(panel).getByText('Caso 42')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ reason: 'Caso 42' });
  });

  it('a manager releases a hold', async () => {
    const requests = signedInAs(['manager'], {
      [`GET /api/v1/profiles/${profile.id}/hold`]: () => json(200, held),
      [`DELETE /api/v1/profiles/${profile.id}/hold`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('legal-hold');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Release from legal hold' }));
    expect(await within(panel).findByText(/Not on legal hold/)).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('is not offered to an analyst (no retention:manage), who asks nothing about it', async () => {
    const requests = signedInAs(['analyst']);
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Marta Ibáñez' });
    expect(within(flyout).queryByTestId('legal-hold')).toBeNull();
    expect(requests.some((r) => new URL(r.url).pathname.endsWith('/hold'))).toBe(false);
  });
});
