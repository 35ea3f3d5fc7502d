import { CONSENT_VERSION, CONSENT_WITHDRAWN, type TGetProfileResponse } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

const PERSON = '5b4c6f0e-1b7a-4c39-9d0e-2f6a8c1d3e57';
const REPORT = '0e7d9c1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a';
const form = { how: 'form' as const, version: CONSENT_VERSION, at: '2026-11-20T15:30:00Z', by: null, document: null };

function withdrawn(): TGetProfileResponse {
  return buildDetail({
    id: PERSON,
    name: 'Lucía Pérez',
    consent: form,
    consentWithdrawal: { at: '2026-11-22T10:00:00Z', via: 'candidate_page' },
    reports: [
      {
        id: REPORT,
        type: 'criminal_records',
        status: 'ERROR',
        findings: [],
        missingInputs: [],
        details: null,
        attempts: 0,
        lastError: CONSENT_WITHDRAWN,
        startedAt: null,
        completedAt: '2026-11-22T10:00:00Z',
        createdAt: '2026-11-20T15:30:00Z',
        updatedAt: '2026-11-22T10:00:00Z',
      },
    ],
  });
}

describe('a candidate who withdrew consent, in the flyout', { timeout: 15_000 }, () => {
  it('says when and how, stops "Run again" with the reason, and records a new consent', async () => {
    const profile = withdrawn();
    const requests = signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${PERSON}`]: () => json(200, profile),
      [`POST /api/v1/profiles/${PERSON}/consent`]: () =>
        json(200, { consent: { ...form, how: 'attested', by: 'ana@acme.test' } }),
    });
    renderApp(`/persons/${PERSON}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Lucía Pérez' });

    expect(within(flyout).getByTestId('consent-withdrawn').textContent).toMatch(
      /The candidate withdrew their consent on their page on November 22, 2026/,
    );
    const report = within(flyout).getByTestId('report');
    expect(within(report).getByTestId('report-error').textContent).toBe('Stopped: consent withdrawn.');
    expect(within(report).queryByText(/Max retries exceeded/)).toBeNull();
    const rerun = within(report).getByRole('button', { name: 'Run again' }) as HTMLButtonElement;
    expect(rerun.disabled).toBe(true);
    expect(document.getElementById(rerun.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The candidate withdrew their consent: record a new consent to run checks again.',
    );

    fireEvent.click(within(flyout).getByRole('button', { name: 'Record a new consent' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ attested: true, consentVersion: CONSENT_VERSION });
  });

  it('shows the server’s refusal when "Run again" is refused', async () => {
    const profile = { ...withdrawn(), consentWithdrawal: null };
    signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${PERSON}`]: () => json(200, profile),
      [`POST /api/v1/profiles/reports/${REPORT}/rerun`]: () =>
        json(409, {
          code: 'consent_withdrawn',
          message:
            'This person withdrew their consent: no check can be run or monitored for them until a new consent is recorded.',
        }),
    });
    renderApp(`/persons/${PERSON}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Lucía Pérez' });
    fireEvent.click(within(flyout).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText(/This person withdrew their consent/)).toBeTruthy();
  });
});
