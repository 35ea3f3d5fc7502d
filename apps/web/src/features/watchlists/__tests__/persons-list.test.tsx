import { scopesForRoles, type Role, type TGetProfileResponse, type TProfileSummary } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildAlert, buildMatch, PAGE_LOAD } from './watchlists-fixtures.ts';

const person = (name: string): TProfileSummary => ({
  id: crypto.randomUUID(),
  country: 'mx',
  documentType: 'national_id',
  documentId: `DOC${name.length}${Math.random().toString().slice(2, 8)}`,
  name,
  email: null,
  phone: null,
  status: 'PASSED',
  createdAs: 'dashboard',
  pipelineId: null,
  manuallyReviewed: false,
  outcome: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

function signedIn(roles: Role[], items: TProfileSummary[], extra: Parameters<typeof stubApi>[0]) {
  storeTokens(buildTokens());
  const user = buildUser({ roles, scope: scopesForRoles(roles) });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items, nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, { total: items.length, byStatus: { PASSED: items.length } }),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    ...extra,
  });
}

function watchlistDetail(summary: TProfileSummary, findings: Record<string, unknown>[]): TGetProfileResponse {
  return {
    ...summary,
    status: 'PENDING_MANUAL_REVIEW',
    birthDate: null,
    city: null,
    cityLocode: null,
    state: null,
    createdBy: null,
    createdByUsername: null,
    observations: null,
    validationComment: null,
    confirmedHomonym: false,
    excludedProcessType: null,
    crimeCategory: null,
    sentencingStatus: null,
    inputs: {},
    preferredContact: null,
    consent: null,
    consentWithdrawal: null,
    reports: [
      {
        id: crypto.randomUUID(),
        type: 'watchlists',
        status: 'PENDING_MANUAL_REVIEW',
        missingInputs: [],
        details: null,
        attempts: 1,
        lastError: null,
        startedAt: '2026-11-20T10:00:00Z',
        completedAt: '2026-11-20T10:00:01Z',
        createdAt: '2026-11-20T10:00:00Z',
        updatedAt: '2026-11-20T10:00:01Z',
        findings,
      },
    ],
  };
}

describe('watch lists in the persons list and flyout', { timeout: 20_000 }, () => {
  it('counts open alerts in the navbar and flags their persons, with one request for the whole list', async () => {
    const [flagged, clean] = [person('Porthos Marín González'), person('Lucía Torres')];
    const requests = signedIn(['analyst'], [flagged, clean], {
      'GET /api/v1/watchlists/alerts': () =>
        json(200, { alerts: [buildAlert({ profileId: flagged.id }), buildAlert({ profileId: flagged.id })], open: 2 }),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Monitoring 2 open alerts' }, PAGE_LOAD)).toBeTruthy();
    const rows = await screen.findAllByTestId('profile-row');
    await waitFor(() => expect(within(rows[0]!).queryByText('Watch-list alert')).toBeTruthy());
    expect(within(rows[1]!).queryByText('Watch-list alert')).toBeNull();
    expect(requests.filter((r) => new URL(r.url).pathname === '/api/v1/watchlists/alerts')).toHaveLength(1);
  });

  it('monitors the persons picked one by one, for users who may write', async () => {
    const items = [person('Ana Ruiz'), person('Mateo Díaz'), person('Lucía Torres')];
    const requests = signedIn(['analyst'], items, {
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'POST /api/v1/watchlists/enrolments': () => json(200, { enrolled: 2 }),
    });
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    const monitor = await screen.findByRole('button', { name: 'Monitor on watch lists' });
    await waitFor(() => expect(monitor.hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana Ruiz' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lucía Torres' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Monitor on watch lists' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Monitor on watch lists' }));
    // The toasts' viewport is a chunk of its own, loaded on first use.
    expect(await screen.findByText('2 persons are monitored on the watch lists.', {}, PAGE_LOAD)).toBeTruthy();
    const post = requests.find(
      (r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/watchlists/enrolments',
    );
    expect(await post!.json()).toEqual({ profileIds: [items[0]!.id, items[2]!.id] });
  });

  it('offers no bulk monitoring to a viewer', async () => {
    signedIn(['viewer'], [person('Ana Ruiz')], {
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
    });
    renderApp('/');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Monitor on watch lists' })).toBeNull();
  });

  it("shows a watch-lists report's findings in the flyout: the entry as published, why, and the stale list", async () => {
    const summary = person('Dámaso López Núñez');
    const match = buildMatch({
      entryId: '15500',
      name: 'LOPEZ NUNEZ, Damaso',
      matchedName: 'LOPEZ NUNEZ, Damaso',
      matchedBy: 'name',
      score: 0.96,
      birthDate: 'unknown',
      document: null,
      programs: ['SDNTK'],
      versionSeq: 1,
    });
    const detail = watchlistDetail(summary, [
      {
        kind: 'list_data_stale',
        matchedBy: 'id',
        severity: 'info',
        summary: 'x',
        source: 'OFAC SDN',
        date: '2024-03-15',
        record: { source: 'ofac-sdn', seq: 1, dataAsOf: '2024-03-15T00:00:00.000Z', ageDays: 986, maxAgeDays: 7 },
      },
      {
        kind: 'watchlist_entry',
        matchedBy: 'name',
        severity: 'adverse',
        summary: 'LOPEZ NUNEZ, Damaso — SDNTK',
        source: 'OFAC SDN',
        date: null,
        record: match,
      },
    ]);
    signedIn(['analyst'], [summary], {
      [`GET /api/v1/profiles/${summary.id}`]: () => json(200, detail),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
    });
    renderApp(`/persons/mx/${summary.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('watchlist-panel');
    const findings = within(panel).getAllByTestId('finding');
    // The entry first, the notice about the list after it; each once (the generic findings list stays away).
    expect(findings).toHaveLength(2);
    expect(within(findings[0]!).getByTestId('watchlist-entry-name').textContent).toBe('LOPEZ NUNEZ, Damaso');
    expect(within(findings[0]!).getByText('Matched by name only (possible homonym)')).toBeTruthy();
    expect(within(findings[0]!).getByText('Score 96%')).toBeTruthy();
    expect(within(findings[0]!).getByText('Not compared')).toBeTruthy();
    expect(within(findings[0]!).getByText('Version 1 of the list')).toBeTruthy();
    expect(within(findings[1]!).getByText('OFAC SDN list (U.S. Treasury): list data older than 7 days')).toBeTruthy();
    expect(within(flyout).getAllByTestId('finding')).toHaveLength(2);
  });

  it('rules one match from the flyout with its reason; a ruled match shows who, when and why', async () => {
    const summary = person('Dámaso López Núñez');
    const byName = {
      kind: 'watchlist_entry',
      matchedBy: 'name',
      severity: 'adverse',
      summary: 'LOPEZ NUNEZ, Damaso — SDNTK',
      source: 'OFAC SDN',
      date: null,
      record: buildMatch({ entryId: '15500', name: 'LOPEZ NUNEZ, Damaso', matchedBy: 'name', document: null }),
    };
    const byDocument = {
      ...byName,
      matchedBy: 'id',
      summary: 'MARIN GONZALEZ, Porthos',
      record: buildMatch(),
    };
    const ruled = {
      ...byName,
      record: buildMatch({ entryId: '9', name: 'LOPEZ, Damian', matchedBy: 'name', document: null }),
      ruling: { verdict: 'homonym', reason: 'Born 1990, per INE', by: 'ana@acme.test', at: '2026-11-21T10:00:00Z' },
    };
    const requests = signedIn(['analyst'], [summary], {
      [`GET /api/v1/profiles/${summary.id}`]: () => json(200, watchlistDetail(summary, [byName, byDocument, ruled])),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'POST /api/v1/watchlists/rulings': () =>
        json(200, {
          ruling: { verdict: 'homonym', reason: 'Different birth year', by: 'me', at: '2026-11-22T10:00:00.000Z' },
          reportStatus: 'COMPLETED',
          profileStatus: 'FAILED',
        }),
    });
    renderApp(`/persons/mx/${summary.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('watchlist-panel');
    // Document first: it offers no homonym.
    const [doc, name, done] = within(panel).getAllByTestId('finding');
    expect(within(doc!).queryByRole('button', { name: /^Homonym/ })).toBeNull();
    expect(within(doc!).getByRole('button', { name: 'It is this person: MARIN GONZALEZ, Porthos' })).toBeTruthy();
    // The ruled one says how, by whom and why, and offers no ruling again.
    expect(within(done!).getByTestId('match-ruling').dataset.verdict).toBe('homonym');
    expect(within(done!).getByText('Reason: Born 1990, per INE')).toBeTruthy();
    expect(within(done!).getByText(/^by ana@acme\.test, /)).toBeTruthy();
    expect(within(done!).queryByTestId('ruling-actions')).toBeNull();

    fireEvent.click(within(name!).getByRole('button', { name: 'Homonym — not this person: LOPEZ NUNEZ, Damaso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not this person?' });
    expect(within(dialog).getByText(/^Dámaso López Núñez will no longer be matched/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Different birth year' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, a homonym' }));
    expect(await screen.findByText('Dámaso López Núñez: ruled out as a homonym.', {}, PAGE_LOAD)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/watchlists/rulings');
    expect(await post!.json()).toEqual({
      profileId: summary.id,
      source: 'ofac-sdn',
      entryId: '15500',
      verdict: 'homonym',
      reason: 'Different birth year',
    });
  });

  it('changes a ruling from the flyout after confirming, with a reason; the rulings it replaced stay listed', async () => {
    const summary = person('Dámaso López Núñez');
    const ruled = {
      kind: 'watchlist_entry',
      matchedBy: 'name',
      severity: 'adverse',
      summary: 'LOPEZ, Damian — SDNTK',
      source: 'OFAC SDN',
      date: null,
      record: buildMatch({ entryId: '9', name: 'LOPEZ, Damian', matchedBy: 'name', document: null }),
      ruling: {
        verdict: 'homonym',
        reason: 'Born 1990, per INE',
        by: 'ana@acme.test',
        at: '2026-11-21T10:00:00Z',
        history: [{ verdict: 'acknowledged', reason: 'Escalated', by: 'luis@acme.test', at: '2026-11-20T10:00:00Z' }],
      },
    };
    const requests = signedIn(['analyst'], [summary], {
      [`GET /api/v1/profiles/${summary.id}`]: () => json(200, watchlistDetail(summary, [ruled])),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
      'POST /api/v1/watchlists/rulings': () =>
        json(200, {
          ruling: { verdict: 'confirmed', reason: 'Same photo', by: 'me', at: '2026-11-22T10:00:00.000Z' },
          reportStatus: 'COMPLETED',
          profileStatus: 'FAILED',
        }),
    });
    renderApp(`/persons/mx/${summary.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('watchlist-panel');
    const [finding] = within(panel).getAllByTestId('finding');
    const history = within(finding!).getByRole('list', { name: 'Earlier rulings' });
    expect(within(history).getByText(/^acknowledged, by luis@acme\.test, .* · Reason: Escalated$/)).toBeTruthy();

    fireEvent.click(within(finding!).getByRole('button', { name: 'Change ruling: LOPEZ, Damian' }));
    const actions = within(finding!).getByTestId('ruling-actions');
    expect(within(actions).queryByRole('button', { name: /^Homonym/ })).toBeNull();
    fireEvent.click(within(actions).getByRole('button', { name: 'It is this person: LOPEZ, Damian' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the ruling?' });
    expect(within(dialog).getByTestId('ruling-change').textContent).toMatch(/^This match was ruled “a homonym”/);
    expect(within(dialog).getByText(/^You confirm that Dámaso López Núñez is “LOPEZ, Damian”/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Same photo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, it is this person' }));
    expect(await screen.findByText('Dámaso López Núñez: confirmed as the person listed.', {}, PAGE_LOAD)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/watchlists/rulings');
    expect(await post!.json()).toEqual({
      profileId: summary.id,
      source: 'ofac-sdn',
      entryId: '9',
      verdict: 'confirmed',
      reason: 'Same photo',
    });
  });
});
