import { CONSENT_VERSION, type TPersonConsent } from '@centinela/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

async function flyoutWith(consent: TPersonConsent | null) {
  const profile = buildDetail({ name: 'Sebastián Rojas', consent });
  signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile) });
  renderApp(`/persons/${profile.id}`);
  const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
  await within(flyout).findByRole('heading', { name: 'Sebastián Rojas' });
  return flyout;
}

describe('the flyout says how consent was obtained (issue #25)', { timeout: 15_000 }, () => {
  it('attested: by whom, when and which version', async () => {
    const flyout = await flyoutWith({
      how: 'attested',
      version: CONSENT_VERSION,
      at: '2026-11-20T15:30:00Z',
      by: 'ana@acme.test',
    });
    expect(within(flyout).getByTestId('profile-consent').textContent).toMatch(
      new RegExp(
        `^Attested by ana@acme\\.test on November 20, 2026.*\\(consent text version ${CONSENT_VERSION}\\)\\.$`,
      ),
    );
  });

  it('by form: the version and the time', async () => {
    const byForm = await flyoutWith({ how: 'form', version: CONSENT_VERSION, at: '2026-11-20T15:30:00Z', by: null });
    expect(within(byForm).getByTestId('profile-consent').textContent).toMatch(/^Given by the candidate in the form on/);
  });

  it('not recorded', async () => {
    const flyout = await flyoutWith(null);
    expect(within(flyout).getByText('Not recorded.')).toBeTruthy();
  });
});
