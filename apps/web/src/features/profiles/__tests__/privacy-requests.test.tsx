import { scopesForRoles, type Role, type TPrivacyRequest } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, counts, PAGE_LOAD } from './profiles-fixtures.ts';

const profile = buildDetail({ name: 'Lucía Pérez' });
const open: TPrivacyRequest = {
  id: crypto.randomUUID(),
  kind: 'correction',
  status: 'open',
  message: 'Mi fecha de nacimiento es 1990-04-12.',
  upload: { id: crypto.randomUUID(), fileName: 'certificado.png' },
  createdAt: '2026-11-26T15:00:00.000Z',
  dueAt: '2026-12-11T15:00:00.000Z',
  resolvedAt: null,
  resolution: null,
  expiresAt: null,
};
const base = `/api/v1/profiles/${profile.id}`;

function signedInAs(roles: Role[], extra: Parameters<typeof stubApi>[0] = {}) {
  storeTokens(buildTokens());
  const user = buildUser({ roles, scope: scopesForRoles(roles), availableCountries: ['co'] });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items: [buildProfile()], nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, counts(1, { PASSED: 1 })),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    [`GET ${base}`]: () => json(200, profile),
    ...extra,
  });
}

describe("the candidate's requests in the flyout", { timeout: 15_000 }, () => {
  it('while the requests load, a screen reader hears a loading status (a label needs a role)', async () => {
    signedInAs(['analyst'], { [`GET ${base}/privacy-requests`]: () => new Promise<Response>(() => undefined) });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('privacy-panel');
    expect(within(panel).getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('a reviewer answers an open correction, an answer required', async () => {
    const resolved = { ...open, status: 'resolved', resolvedAt: '2026-11-27T10:00:00.000Z', resolution: 'Corregida.' };
    const requests = signedInAs(['analyst'], {
      [`GET ${base}/privacy-requests`]: [() => json(200, { items: [open] }), () => json(200, { items: [resolved] })],
      [`POST /api/v1/privacy-requests/${open.id}/resolve`]: () => json(200, resolved),
    });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('privacy-panel');
    expect(await within(panel).findByText('Mi fecha de nacimiento es 1990-04-12.')).toBeTruthy();
    expect(within(panel).getByText('Attached: certificado.png')).toBeTruthy();
    expect(within(panel).getByText(/answer due by December 11, 2026/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Answer' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Send the answer' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(panel).getByRole('textbox', { name: /Answer to the candidate/ }), {
      target: { value: ' Corregida. ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send the answer' }));
    expect(await within(panel).findByText('Corregida.')).toBeTruthy();
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({ resolution: 'Corregida.' });
    expect(within(panel).queryByRole('button', { name: 'Answer' })).toBeNull();
  });

  it('a new page link is confirmed, made in the chosen language and shown to copy', async () => {
    const requests = signedInAs(['analyst'], {
      [`GET ${base}/privacy-requests`]: () => json(200, { items: [] }),
      [`POST ${base}/candidate-link`]: () =>
        json(201, {
          code: 'abcdefghjkmnpqrstuvw',
          path: '/pt/candidate/abcdefghjkmnpqrstuvw',
          createdAt: open.createdAt,
        }),
    });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('privacy-panel');
    expect(await within(panel).findByText('The candidate has made no request.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Link for the candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'A new link for the candidate' });
    fireEvent.click(within(dialog).getByText('Português'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the link' }));
    expect((await within(dialog).findByTestId('candidate-link')).textContent).toBe(
      `${window.location.origin}/pt/candidate/abcdefghjkmnpqrstuvw`,
    );
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({ locale: 'pt' });
  });

  it('a viewer reads the requests but is offered neither an answer nor a link', async () => {
    signedInAs(['viewer'], { [`GET ${base}/privacy-requests`]: () => json(200, { items: [open] }) });
    renderApp(`/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('privacy-panel');
    expect(await within(panel).findByText('Mi fecha de nacimiento es 1990-04-12.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Answer' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Link for the candidate' })).toBeNull();
  });
});
