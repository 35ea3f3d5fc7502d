import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildAlert, buildMatch, buildSummary, enrolment, PAGE_LOAD, signedInAs } from './watchlists-fixtures.ts';

const bodyOf = (requests: Request[], method: string, path: string) =>
  requests.find((r) => r.method === method && new URL(r.url).pathname === path)?.json();

describe('monitoring screen', { timeout: 20_000 }, () => {
  it('shows an alert so a homonym is told at a glance, and rules one out only after saying it is for good', async () => {
    const byName = buildAlert({
      profileName: 'Dámaso López Núñez',
      match: buildMatch({
        entryId: '15500',
        name: 'LOPEZ NUNEZ, Damaso',
        matchedName: 'LOPEZ NUNEZ, Damaso',
        matchedBy: 'name',
        score: 0.93,
        birthDate: 'contradicts',
        birthDates: ['22 Feb 1966'],
        document: null,
        programs: ['SDNTK'],
      }),
    });
    const requests = signedInAs(['analyst'], {
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary()),
      'GET /api/v1/watchlists/alerts': [
        () => json(200, { alerts: [byName], open: 1 }),
        () => json(200, { alerts: [], open: 0 }),
      ],
      'GET /api/v1/watchlists/enrolments': () => json(200, { enrolments: [], nextCursor: null }),
      [`POST /api/v1/watchlists/alerts/${byName.id}/review`]: () =>
        json(200, {
          ...byName,
          resolution: 'homonym',
          reviewedAt: '2026-11-21T10:00:00.000Z',
          reviewedBy: 'analyst@acme.test',
        }),
    });
    renderApp('/monitoring');
    const alert = await screen.findByRole('article', { name: 'Alert for Dámaso López Núñez' }, PAGE_LOAD);
    expect(within(alert).getByTestId('watchlist-entry-name').textContent).toBe('LOPEZ NUNEZ, Damaso');
    expect(within(alert).getByText('Matched by name only (possible homonym)')).toBeTruthy();
    expect(within(alert).getByText('Score 93%')).toBeTruthy();
    expect(within(alert).getByText('Contradicts')).toBeTruthy();
    expect(within(alert).getByText('Version 2 of the list')).toBeTruthy();
    expect(
      within(alert)
        .getByRole('link', { name: /LOPEZ NUNEZ, Damaso on the publisher's site/ })
        .getAttribute('href'),
    ).toBe(byName.match.url);
    expect(screen.getByTestId('monitoring-enrolled').textContent).toBe('1');
    expect(screen.getAllByTestId('monitoring-list')).toHaveLength(2);

    fireEvent.click(within(alert).getByRole('button', { name: 'Homonym — not this person: LOPEZ NUNEZ, Damaso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not this person?' });
    expect(
      within(dialog).getByText(/stays dismissed for this person, also in later versions of the list/),
    ).toBeTruthy();
    // A homonym is never ruled without its reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, a homonym' }));
    expect(await within(dialog).findByText(/Reason/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Born 1988 in Culiacán, per his INE  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, a homonym' }));
    expect(await screen.findByText('Dámaso López Núñez: ruled out as a homonym.')).toBeTruthy();
    expect(await bodyOf(requests, 'POST', `/api/v1/watchlists/alerts/${byName.id}/review`)).toEqual({
      resolution: 'homonym',
      reason: 'Born 1988 in Culiacán, per his INE',
    });
    expect(await screen.findByText('No alerts to review')).toBeTruthy();
  });

  it('confirms a match by document after asking why, and acknowledges a delisting', async () => {
    const match = buildAlert();
    const delisted = buildAlert({
      kind: 'delisted',
      profileName: 'Ana Ruiz',
      match: buildMatch({ delistedOn: '2024-05-03' }),
    });
    const requests = signedInAs(['analyst'], {
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary({ openAlerts: 2 })),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [match, delisted], open: 2 }),
      'GET /api/v1/watchlists/enrolments': () => json(200, { enrolments: [], nextCursor: null }),
      [`POST /api/v1/watchlists/alerts/${match.id}/review`]: () => json(200, { ...match, resolution: 'confirmed' }),
      [`POST /api/v1/watchlists/alerts/${delisted.id}/review`]: () =>
        json(200, { ...delisted, resolution: 'acknowledged' }),
    });
    renderApp('/monitoring');
    const first = await screen.findByRole('article', { name: 'Alert for Porthos Marín González' }, PAGE_LOAD);
    expect(within(first).getByText('CURP MAGP960111HSLRNR03 (MX)')).toBeTruthy();
    // A match on the document is never a homonym; "it is this person" asks first, with a reason.
    expect(within(first).queryByRole('button', { name: /^Homonym/ })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'It is this person: MARIN GONZALEZ, Porthos' }));
    const confirm = await screen.findByRole('dialog', { name: 'Is it this person?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(confirm).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Same CURP and photo' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, it is this person' }));
    expect(await screen.findByText('Porthos Marín González: confirmed as the person listed.')).toBeTruthy();
    expect(await bodyOf(requests, 'POST', `/api/v1/watchlists/alerts/${match.id}/review`)).toEqual({
      resolution: 'confirmed',
      reason: 'Same CURP and photo',
    });

    const second = screen.getByRole('article', { name: 'Alert for Ana Ruiz' });
    expect(within(second).getByText('Left the list')).toBeTruthy();
    expect(within(second).getByText(/^Delisted on /)).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /^It is this person/ })).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: 'Acknowledge: MARIN GONZALEZ, Porthos' }));
    const seen = await screen.findByRole('dialog', { name: 'Acknowledge this match?' });
    fireEvent.change(within(seen).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Noted in file' } });
    fireEvent.click(within(seen).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Ana Ruiz: acknowledged.')).toBeTruthy();
    expect(await bodyOf(requests, 'POST', `/api/v1/watchlists/alerts/${delisted.id}/review`)).toEqual({
      resolution: 'acknowledged',
      reason: 'Noted in file',
    });
  });

  it("changes a reviewed match's ruling from its alert after confirming, with a reason; a document match is never a homonym", async () => {
    const ruled = buildAlert({
      resolution: 'confirmed',
      reason: 'Same CURP and photo',
      reviewedBy: 'ana@acme.test',
      reviewedAt: '2026-11-21T10:00:00.000Z',
    });
    const requests = signedInAs(['analyst'], {
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary({ openAlerts: 0 })),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [ruled], open: 0 }),
      'GET /api/v1/watchlists/enrolments': () => json(200, { enrolments: [], nextCursor: null }),
      [`POST /api/v1/watchlists/alerts/${ruled.id}/review`]: () =>
        json(200, { ...ruled, resolution: 'acknowledged', reason: 'The CURP was mistyped on the list' }),
    });
    renderApp('/monitoring');
    fireEvent.click(await screen.findByText('Reviewed', {}, PAGE_LOAD));
    const card = await screen.findByRole('article', { name: 'Alert for Porthos Marín González' }, PAGE_LOAD);
    expect(within(card).getByText(/^Reviewed as it is this person by ana@acme\.test/)).toBeTruthy();
    // Ruled: no ruling buttons until the reviewer asks to change it; then never the same word, never a homonym.
    expect(within(card).queryByTestId('ruling-actions')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Change ruling: MARIN GONZALEZ, Porthos' }));
    const actions = within(card).getByTestId('ruling-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Acknowledge']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Acknowledge: MARIN GONZALEZ, Porthos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the ruling?' });
    expect(within(dialog).getByTestId('ruling-change').textContent).toMatch(
      /^This match was ruled “it is this person”/,
    );
    // A change is never made without its reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText(/Reason/, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The CURP was mistyped on the list' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Porthos Marín González: acknowledged.')).toBeTruthy();
    expect(await bodyOf(requests, 'POST', `/api/v1/watchlists/alerts/${ruled.id}/review`)).toEqual({
      resolution: 'acknowledged',
      reason: 'The CURP was mistyped on the list',
    });
  });

  it('a viewer reads alerts and monitored persons but may not review, stop monitoring or change settings', async () => {
    const alert = buildAlert();
    signedInAs(['viewer'], {
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary()),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [alert], open: 1 }),
      'GET /api/v1/watchlists/enrolments': () =>
        json(200, { enrolments: [enrolment(alert.profileId, alert.profileName)], nextCursor: null }),
    });
    renderApp('/monitoring');
    const card = await screen.findByRole('article', { name: 'Alert for Porthos Marín González' }, PAGE_LOAD);
    await screen.findByTestId('watchlist-enrolment');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Stop monitoring/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });

  it('a manager pages through monitored persons, stops one after confirming, and saves the settings', async () => {
    // Lucía was enrolled because her watch-lists report found nothing, though another report failed her.
    const a = { ...enrolment(crypto.randomUUID(), 'Lucía Torres'), via: 'screening' as const };
    const b = enrolment(crypto.randomUUID(), 'Mateo Díaz');
    const requests = signedInAs(['manager'], {
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary({ openAlerts: 0 })),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'GET /api/v1/watchlists/enrolments': [
        () => json(200, { enrolments: [a], nextCursor: 'next-page' }),
        () => json(200, { enrolments: [b], nextCursor: null }),
      ],
      'POST /api/v1/watchlists/enrolments/delete': () => json(200, { removed: 1 }),
      'PATCH /api/v1/watchlists/settings': () => json(200, { reviewThreshold: 0.82, monitorAll: true }),
    });
    renderApp('/monitoring');
    const lucia = await screen.findByRole('link', { name: 'Lucía Torres' }, PAGE_LOAD);
    // Why each person is monitored, told truly: no "passed" beside a failed person.
    const luciaRow = lucia.closest('tr')!;
    expect(within(luciaRow).getByText('No match when screened')).toBeTruthy();
    expect(within(luciaRow).getByText('Failed')).toBeTruthy();
    expect(within(luciaRow).queryByText(/passed/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(
      within((await screen.findByRole('link', { name: 'Mateo Díaz' })).closest('tr')!).getByText(
        'Chosen by a reviewer',
      ),
    ).toBeTruthy();
    await screen.findByRole('link', { name: 'Mateo Díaz' });
    const pages = requests
      .filter((r) => new URL(r.url).pathname === '/api/v1/watchlists/enrolments')
      .map((r) => new URL(r.url).searchParams.get('cursor'));
    expect(pages).toEqual([null, 'next-page']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Stop monitoring Mateo Díaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop monitoring?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop monitoring' }));
    expect(await screen.findByText('Mateo Díaz is no longer monitored.')).toBeTruthy();
    expect(await bodyOf(requests, 'POST', '/api/v1/watchlists/enrolments/delete')).toEqual({
      profileIds: [b.profileId],
    });

    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /Monitor every person/ }));
    fireEvent.click(save);
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(await bodyOf(requests, 'PATCH', '/api/v1/watchlists/settings')).toEqual({
      reviewThreshold: 0.82,
      monitorAll: true,
    });
  });

  it('platform staff choose the client first; its monitoring is asked for by owner', async () => {
    const owner = { id: crypto.randomUUID(), codeName: 'acme', name: 'Acme Seguridad S.A.' };
    const requests = signedInAs(['support'], {
      'GET /api/v1/owners': () =>
        json(200, {
          items: [
            {
              ...owner,
              active: true,
              plan: 'standard',
              creditsInitial: 0,
              creditsAvailable: 0,
              deferredApiSync: false,
              country: 'co',
              taxId: null,
              billingEmail: null,
              supportNotes: null,
              retentionMonths: null,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
      'GET /api/v1/watchlists/monitoring': () => json(200, buildSummary()),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'GET /api/v1/watchlists/enrolments': () => json(200, { enrolments: [], nextCursor: null }),
    });
    const { router } = renderApp('/monitoring');
    expect(
      await screen.findByText(
        'Monitoring belongs to each client: choose one to see its alerts and monitored persons.',
        {},
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    await router.navigate(`/monitoring?owner=${owner.id}`);
    await screen.findByTestId('monitoring-enrolled');
    const asked = requests
      .filter((r) => new URL(r.url).pathname === '/api/v1/watchlists/monitoring')
      .map((r) => new URL(r.url).searchParams.get('ownerId'));
    expect(asked).toEqual([owner.id]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull());
  });
});
