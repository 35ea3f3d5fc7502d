import { scopesForRoles, type Role, type TInboxItem, type TInboxResponse } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** For the first wait of a test (the app's lazy route, the first data): slow on a busy 2-core machine. */
const PAGE_LOAD = { timeout: 8_000 } as const;

function signedInAs(roles: Role[], handlers: Parameters<typeof stubApi>[0]) {
  storeTokens(buildTokens());
  return stubApi({
    'GET /api/auth/user': () => json(200, { user: buildUser({ roles, scope: scopesForRoles(roles) }) }),
    ...handlers,
  });
}

const PERSON = '6f1c0a56-8a0e-4a8f-9a53-0c6b3f0d1a11';
const OTHER = '0d5a7f0e-3b3c-4d1e-8f7a-2b1c9e8d7a66';
const ANALYST = { id: 'c0a8012e-1f2d-4c3b-9a8e-7d6c5b4a3f21', username: 'analista@acme.test' };

/** A Select's input (its label also names its list of options). */
const input = (found: HTMLElement[]) => found.find((el) => el.tagName === 'INPUT')!;

const item = (over: Partial<TInboxItem>): TInboxItem => ({
  kind: 'match',
  ref: `${PERSON}:ofac-sdn:6861`,
  person: { id: PERSON, name: 'Joaquín Guzmán Loera', country: 'mx' },
  createdAt: '2026-11-20T10:00:00.000Z',
  dueAt: null,
  detail: 'GUZMAN LOERA, Joaquin',
  alertKind: null,
  assignee: null,
  ...over,
});

const inbox = (items: TInboxItem[]): TInboxResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  reviewers: [ANALYST],
});

const correction = item({
  kind: 'correction',
  ref: '9b2d4c1e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  person: { id: OTHER, name: 'Pedro Peres', country: 'co' },
  detail: null,
  dueAt: '2026-11-01T10:00:00.000Z',
});

describe('review inbox', { timeout: 30_000 }, () => {
  it('lists what waits, oldest due first, opens the person, filters and assigns', async () => {
    const requests = signedInAs(['analyst'], {
      'GET /api/v1/inbox': [
        () => json(200, inbox([correction, item({})])),
        () => json(200, inbox([correction])),
        () => json(200, inbox([{ ...correction, assignee: ANALYST }])),
      ],
      'GET /api/v1/inbox/count': () => json(200, { open: 2, mine: 0 }),
      'POST /api/v1/inbox/assign': () => json(200, { kind: 'correction', ref: correction.ref, assignee: ANALYST }),
    });
    renderApp('/inbox');
    const first = await screen.findByRole('listitem', { name: 'Correction request: Pedro Peres' }, PAGE_LOAD);
    // A deadline already past says so; the match waits since its screening.
    expect(within(first).getByText('Overdue since Nov 1, 2026')).toBeTruthy();
    const items = screen.getAllByTestId('inbox-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['correction', 'match']);
    const match = within(items[1]!);
    expect(match.getByText('Waiting since Nov 20, 2026')).toBeTruthy();
    expect(match.getByText('GUZMAN LOERA, Joaquin')).toBeTruthy();
    // The person opens in the persons' flyout, where the ruling happens.
    expect(match.getByRole('link', { name: 'Joaquín Guzmán Loera' }).getAttribute('href')).toBe(
      `/persons/mx/${PERSON}`,
    );
    // The navbar counts what waits, read with its link ("Inbox 2").
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Inbox 2' })).toBeTruthy();

    // A filter asks the server again.
    fireEvent.click(input(screen.getAllByLabelText('Kind')));
    fireEvent.click(await screen.findByRole('option', { name: 'Correction request', hidden: true }));
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).searchParams.get('kind') === 'correction')).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(1));

    // Assigned to an analyst of the owner.
    const card = screen.getByRole('listitem', { name: 'Correction request: Pedro Peres' });
    const assignTo = input(within(card).getAllByLabelText('Assign to'));
    fireEvent.click(assignTo);
    const analyst = await screen.findByRole('option', { name: ANALYST.username, hidden: true });
    // Its list is fixed to the screen: placed in the page, it widened a phone's page for a frame, the
    // phone scrolled the card away and the list stayed hidden (e2e/inbox.spec.ts picks on a phone).
    const list = document.getElementById(assignTo.getAttribute('aria-controls')!)!;
    expect(list.closest('[data-fixed]')).not.toBeNull();
    expect(within(list).getByRole('option', { name: 'Nobody', hidden: true })).toBeTruthy();
    fireEvent.click(analyst);
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ kind: 'correction', ref: correction.ref, assigneeId: ANALYST.id });
    await waitFor(() =>
      expect(input(within(screen.getByRole('listitem')).getAllByLabelText('Assign to'))).toHaveProperty(
        'value',
        ANALYST.username,
      ),
    );
  });

  it('a viewer reads without assigning; an empty inbox and a failed one say so', async () => {
    signedInAs(['viewer'], {
      'GET /api/v1/inbox': [
        () => json(429, { code: 'rate_limited', message: 'Too many requests' }),
        () => json(200, inbox([{ ...correction, assignee: ANALYST }])),
      ],
    });
    renderApp('/inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, PAGE_LOAD));
    const card = await screen.findByRole('listitem', { name: 'Correction request: Pedro Peres' });
    expect(within(card).getByText(`Assigned to ${ANALYST.username}`)).toBeTruthy();
    expect(within(card).queryByLabelText('Assign to')).toBeNull();
  });

  it('says when nothing waits', async () => {
    signedInAs(['manager'], { 'GET /api/v1/inbox': () => json(200, inbox([])) });
    renderApp('/es/inbox');
    expect(await screen.findByText('Nada pendiente', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bandeja de revisión', level: 1 })).toBeTruthy();
  });
});
