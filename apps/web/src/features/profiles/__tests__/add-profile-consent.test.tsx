import { CONSENT_VERSION, type TNavbarMetricsResponse } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

/** The navbar's figures: only the owner's consent setting matters here. */
const navbarMetrics = (consentAttestationRequired = false): TNavbarMetricsResponse => ({
  byStatus: { PENDING: 0, PENDING_MANUAL_REVIEW: 0, PASSED: 1, FAILED: 0 },
  newToday: 0,
  timeZone: 'UTC',
  plan: 'standard',
  creditsAvailable: 0,
  consentAttestationRequired,
});

const CHECKBOX = `I confirm the candidate consented to the background check (consent text version ${CONSENT_VERSION}).`;

async function openPrecandidateForm() {
  renderApp('/persons/co');
  await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
  fireEvent.click(screen.getByRole('button', { name: 'Add profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add profile' });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Pre-candidate' }));
  fireEvent.change(await within(dialog).findByLabelText('Name', { exact: false }), {
    target: { value: 'Mario Ruiz' },
  });
  fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), {
    target: { value: 'mario@example.test' },
  });
  return dialog;
}

const posts = (requests: Request[]) =>
  requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/profiles');

describe('add-profile consent attestation', { timeout: 15_000 }, () => {
  it('when the owner requires it, submit waits for the checkbox; the attestation goes with the request', async () => {
    const requests = signedInWithProfiles([buildProfile()], {
      'GET /api/v1/metrics/navbar': () => json(200, navbarMetrics(true)),
      'POST /api/v1/profiles': () => json(201, { profile: buildDetail({ name: 'Mario Ruiz' }), hints: [] }),
    });
    const dialog = await openPrecandidateForm();
    const submit = within(dialog).getByRole('button', { name: 'Create profile' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.click(submit);
    expect(posts(requests)).toHaveLength(0);

    fireEvent.click(within(dialog).getByLabelText(CHECKBOX, { exact: false }));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Profile created: Mario Ruiz')).toBeTruthy();
    expect(await posts(requests)[0]!.json()).toMatchObject({
      kind: 'precandidate',
      consentAttestation: { attested: true, consentVersion: CONSENT_VERSION },
    });
  });

  it('when not required, the checkbox is optional and nothing is attested unless ticked', async () => {
    const requests = signedInWithProfiles([buildProfile()], {
      'GET /api/v1/metrics/navbar': () => json(200, navbarMetrics()),
      'POST /api/v1/profiles': () => json(201, { profile: buildDetail({ name: 'Mario Ruiz' }), hints: [] }),
    });
    const dialog = await openPrecandidateForm();
    expect(within(dialog).getByLabelText(CHECKBOX, { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Profile created: Mario Ruiz')).toBeTruthy();
    expect(await posts(requests)[0]!.json()).not.toHaveProperty('consentAttestation');
  });
});
