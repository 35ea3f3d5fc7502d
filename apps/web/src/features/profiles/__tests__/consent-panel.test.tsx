import { CONSENT_VERSION, type TPersonConsent } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

async function flyoutWith(consent: TPersonConsent | null, extra: Parameters<typeof signedInWithProfiles>[1] = {}) {
  const profile = buildDetail({ id: PERSON, name: 'Sebastián Rojas', consent });
  const requests = signedInWithProfiles([buildProfile()], {
    [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
    ...extra,
  });
  renderApp(`/persons/${profile.id}`);
  const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
  await within(flyout).findByRole('heading', { name: 'Sebastián Rojas' });
  return Object.assign(flyout, { requests });
}

const PERSON = '5b4c6f0e-1b7a-4c39-9d0e-2f6a8c1d3e57';
const signed = { id: 'c9a1e2b3-4d5f-4a6b-8c7d-9e0f1a2b3c4d', fileName: 'consentimiento-firmado.pdf' };
const attested: TPersonConsent = {
  how: 'attested',
  version: CONSENT_VERSION,
  at: '2026-11-20T15:30:00Z',
  by: 'ana@acme.test',
  document: null,
};

async function waitForRequest(requests: Request[], method: string): Promise<Request> {
  await waitFor(() => expect(requests.some((r) => r.method === method)).toBe(true));
  return requests.find((r) => r.method === method)!;
}

describe('the flyout says how consent was obtained', { timeout: 15_000 }, () => {
  it('attested: by whom, when and which version', async () => {
    const flyout = await flyoutWith(attested);
    expect(within(flyout).getByTestId('profile-consent').textContent).toMatch(
      new RegExp(
        `^Attested by ana@acme\\.test on November 20, 2026.*\\(consent text version ${CONSENT_VERSION}\\)\\.$`,
      ),
    );
  });

  it('by form: the version and the time', async () => {
    const byForm = await flyoutWith({
      how: 'form',
      version: CONSENT_VERSION,
      at: '2026-11-20T15:30:00Z',
      by: null,
      document: null,
    });
    expect(within(byForm).getByTestId('profile-consent').textContent).toMatch(/^Given by the candidate in the form on/);
    // A form carries the candidate's own consent: no signed document to choose.
    expect(within(byForm).queryByTestId('consent-document')).toBeNull();
  });

  it("attested: the signed document is chosen among the person's uploads and shown", async () => {
    const upload = {
      ...signed,
      contentType: 'application/pdf',
      size: 2048,
      profileId: PERSON,
      createdAt: '2026-11-20T15:31:00.000Z',
    };
    const flyout = await flyoutWith(attested, {
      [`GET /api/v1/uploads`]: () => json(200, { items: [upload] }),
      [`PUT /api/v1/profiles/${PERSON}/consent-document`]: () =>
        json(200, { consent: { ...attested, document: signed } }),
    });
    expect(within(flyout).getByTestId('consent-document-name').textContent).toBe(
      'No signed consent document attached.',
    );
    const picker = within(flyout).getByRole('combobox', { name: /^Signed consent document/ });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(picker);
    // In jsdom the dropdown inside the flyout stays display:none (its transition never runs): the option is
    // clicked where it is rendered.
    fireEvent.click(await screen.findByRole('option', { name: 'consentimiento-firmado.pdf', hidden: true }));
    const put = await waitForRequest(flyout.requests, 'PUT');
    expect(await put.json()).toEqual({ uploadId: signed.id });
  });

  it('not recorded', async () => {
    const flyout = await flyoutWith(null);
    expect(within(flyout).getByText('Not recorded.')).toBeTruthy();
  });
});
