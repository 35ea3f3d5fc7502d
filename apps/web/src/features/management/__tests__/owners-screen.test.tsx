import { scopesForRoles, type TOwner } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function owner(name: string, overrides: Partial<TOwner> = {}): TOwner {
  return {
    id: crypto.randomUUID(),
    codeName: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    active: true,
    plan: 'standard',
    creditsInitial: 0,
    creditsAvailable: 10,
    deferredApiSync: false,
    country: null,
    taxId: null,
    billingEmail: null,
    supportNotes: null,
    retentionMonths: null,
    consentAttestationRequired: false,
    candidateFindingsVisible: false,
    identityMinimumAge: 18,
    correctionDeadlineDays: 15,
    userCount: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function signedInSupport(owners: TOwner[], handlers: Parameters<typeof stubApi>[0] = {}) {
  storeTokens(buildTokens());
  const user = buildUser({ roles: ['support'], scope: scopesForRoles(['support']), owner: null });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/owners': () => json(200, { items: owners, total: owners.length, page: 1, pageSize: 25 }),
    ...handlers,
  });
}

const sent = async (requests: Request[], method: string, path: string) => {
  const all = requests.filter((r) => r.method === method && new URL(r.url).pathname + new URL(r.url).search === path);
  return Promise.all(all.map((r) => r.clone().json() as Promise<unknown>));
};

describe('management: owners screen', { timeout: 20_000 }, () => {
  it('edits the shared fields of several owners at once and deactivates them after confirming', async () => {
    const a = owner('Alfa');
    const b = owner('Beta');
    const requests = signedInSupport([a, b], { 'PATCH /api/v1/owners': () => json(200, { items: [a, b] }) });
    renderApp('/management/owners');
    await screen.findAllByTestId('owner-row', {}, { timeout: 8_000 });
    fireEvent.click(screen.getByLabelText('Select all rows on this page'));
    expect(screen.getByText('2 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 owners' });
    fireEvent.click(within(dialog).getByLabelText('Change Deferred API sync'));
    fireEvent.click(within(dialog).getByLabelText('Deferred API sync'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    expect(await screen.findByText('2 owners updated.')).toBeTruthy();
    expect(await sent(requests, 'PATCH', '/api/v1/owners')).toEqual([
      { ids: [a.id, b.id], changes: { deferredApiSync: true } },
    ]);

    // Deactivating asks first; nothing is sent until confirmed.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit 2 owners' })).toBeNull());
    fireEvent.click(screen.getByLabelText('Select Alfa'));
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate 1 owner' });
    expect((await sent(requests, 'PATCH', '/api/v1/owners')).length).toBe(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () =>
      expect((await sent(requests, 'PATCH', '/api/v1/owners')).at(-1)).toEqual({
        ids: [a.id],
        changes: { active: false },
      }),
    );
  });

  it("sets an owner's retention, refusing more than 120 months", async () => {
    const a = owner('Alfa', { retentionMonths: 24 });
    const requests = signedInSupport([a], {
      [`PATCH /api/v1/owners/${a.id}`]: () => json(200, { ...a, retentionMonths: 6 }),
    });
    renderApp('/management/owners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Alfa' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alfa' });
    const months = within(dialog).getByRole('textbox', { name: 'Retention (months)' });
    expect(months).toHaveProperty('value', '24');
    fireEvent.change(months, { target: { value: '121' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Retention is a whole number of months from 1 to 120.')).toBeTruthy();
    expect(await sent(requests, 'PATCH', `/api/v1/owners/${a.id}`)).toEqual([]);
    fireEvent.change(months, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await sent(requests, 'PATCH', `/api/v1/owners/${a.id}`)).toEqual([
        expect.objectContaining({ retentionMonths: 6 }),
      ]),
    );
  });

  it('sets the days to answer a correction, refusing more than 60', async () => {
    const a = owner('Alfa');
    const requests = signedInSupport([a], {
      [`PATCH /api/v1/owners/${a.id}`]: () => json(200, { ...a, correctionDeadlineDays: 30 }),
    });
    renderApp('/management/owners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Alfa' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alfa' });
    const days = within(dialog).getByRole('textbox', { name: 'Days to answer a correction' });
    expect(days).toHaveProperty('value', '15');
    fireEvent.change(days, { target: { value: '61' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Days to answer a correction .*60/)).toBeTruthy();
    expect(await sent(requests, 'PATCH', `/api/v1/owners/${a.id}`)).toEqual([]);
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await sent(requests, 'PATCH', `/api/v1/owners/${a.id}`)).toEqual([
        expect.objectContaining({ correctionDeadlineDays: 30 }),
      ]),
    );
  });

  it("lets the owner show findings on the candidate's page", async () => {
    const a = owner('Alfa');
    const requests = signedInSupport([a], {
      [`PATCH /api/v1/owners/${a.id}`]: () => json(200, { ...a, candidateFindingsVisible: true }),
    });
    renderApp('/management/owners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Alfa' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alfa' });
    const toggle = within(dialog).getByRole('switch', { name: /Show findings on the candidate/ });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await sent(requests, 'PATCH', `/api/v1/owners/${a.id}`)).toEqual([
        expect.objectContaining({ candidateFindingsVisible: true }),
      ]),
    );
  });

  it('a standard owner\'s credits read "Unlimited", a free owner\'s its balance', async () => {
    signedInSupport([owner('Alfa', { creditsAvailable: 0 }), owner('Beta', { plan: 'free', creditsAvailable: 7 })]);
    renderApp('/management/owners');
    const [alfa, beta] = await screen.findAllByTestId('owner-row', {}, { timeout: 8_000 });
    expect(within(alfa!).getByText('Unlimited')).toBeTruthy();
    expect(within(alfa!).queryByText('0')).toBeNull();
    expect(within(beta!).getByText('7')).toBeTruthy();
  });

  it('in Spanish a standard owner\'s credits read "Sin límite"', async () => {
    signedInSupport([owner('Alfa', { creditsAvailable: 0 })]);
    renderApp('/es/management/owners');
    const [alfa] = await screen.findAllByTestId('owner-row', {}, { timeout: 8_000 });
    expect(within(alfa!).getByText('Sin límite')).toBeTruthy();
  });

  it('delete is refused while the owner holds data, says why, and purges only when ticked', async () => {
    const a = owner('Alfa');
    const refusal =
      'The owner still has data (persons: 3, users: 2). Delete it first, or purge it explicitly with the owner.';
    const requests = signedInSupport([a], {
      [`DELETE /api/v1/owners/${a.id}`]: [
        () => json(409, { code: 'owner_has_data', message: refusal }),
        () => new Response(null, { status: 204 }),
      ],
    });
    renderApp('/management/owners');
    await screen.findAllByTestId('owner-row', {}, { timeout: 8_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alfa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete owner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    const purgeButton = within(dialog).getByRole('button', { name: 'Delete' });
    expect(purgeButton.hasAttribute('disabled') || purgeButton.getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.click(within(dialog).getByLabelText(/Also delete everything/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete with all its data' }));
    expect(await screen.findByText('Alfa was deleted.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).search)).toEqual([
      '',
      '?purge=true',
    ]);
  });
});
