import type { TProfileReport } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, signedInWithProfiles } from './profiles-fixtures.ts';

const report = (overrides: Partial<TProfileReport>): TProfileReport => ({
  id: crypto.randomUUID(),
  type: 'criminal_records',
  status: 'COMPLETED',
  findings: [],
  missingInputs: [],
  details: null,
  attempts: 1,
  lastError: null,
  startedAt: '2026-11-21T10:00:00Z',
  completedAt: '2026-11-21T10:00:02Z',
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:02Z',
  ...overrides,
});

const finding = (matchedBy: 'id' | 'name', summary: string) => ({
  kind: 'criminal_record', matchedBy, severity: 'adverse', summary, source: 'Policía Nacional', date: '2024-03-01', record: {},
});

const profile = buildDetail({
  name: 'Sebastián Rojas',
  status: 'PENDING_MANUAL_REVIEW',
  reports: [
    report({ type: 'criminal_records', status: 'PENDING_MANUAL_REVIEW', findings: [finding('id', 'Hurto calificado'), finding('name', 'Estafa')] }),
    report({ type: 'police_record', status: 'INCOMPLETE', missingInputs: ['issueDate'] }),
  ],
});

describe('profile flyout', () => {
  // Mantine's autosize Textarea listens to document.fonts, which jsdom does not implement.
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
    }
  });

  it('opens from a deep link without a country and tells document matches from name-only matches', async () => {
    signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile) });
    renderApp(`/persons/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(flyout).findByRole('heading', { name: 'Sebastián Rojas' })).toBeTruthy();
    const findings = within(flyout).getAllByTestId('finding');
    expect(findings.map((f) => f.getAttribute('data-matched-by'))).toEqual(['id', 'name']);
    expect(within(findings[0]!).getByText('Matched by document')).toBeTruthy();
    expect(within(findings[1]!).getByText('Matched by name only (possible homonym)')).toBeTruthy();
    expect(within(findings[1]!).getByText('Estafa')).toBeTruthy();
    expect(within(flyout).getByRole('heading', { name: 'Criminal records' })).toBeTruthy();
    // An INCOMPLETE report lists the inputs it lacks, by their translated names.
    expect(within(flyout).getByText('Document issue date')).toBeTruthy();
    expect(within(flyout).getByRole('button', { name: 'Print / save as PDF' })).toBeTruthy();
  });

  it('approves with a comment, then closes back to the list keeping its filters', async () => {
    const requests = signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
      [`POST /api/v1/profiles/${profile.id}/review`]: () => json(200, { ...profile, status: 'PASSED', manuallyReviewed: true }),
    });
    const { router } = renderApp(`/persons/co/${profile.id}?status=PENDING_MANUAL_REVIEW`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' });
    fireEvent.change(await within(flyout).findByLabelText('Comment'), { target: { value: 'Homónimo' } });
    fireEvent.click(within(flyout).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Profile approved.')).toBeTruthy();
    const post = requests.find((r) => r.url.endsWith('/review'));
    expect(await post?.json()).toEqual({ decision: 'approved', comment: 'Homónimo' });
    fireEvent.click(within(flyout).getByRole('button', { name: 'Close profile' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/persons/co?status=PENDING_MANUAL_REVIEW'));
  });
});
