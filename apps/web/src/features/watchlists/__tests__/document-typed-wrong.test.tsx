import { scopesForRoles, type Role, type TGetProfileResponse, type TProfileSummary } from '@centinela/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildMatch, PAGE_LOAD } from './watchlists-fixtures.ts';

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

describe('a document typed wrong, in the flyout', { timeout: 20_000 }, () => {
  it('says the number fails its format in the reader’s language, and which listed number is one character away', async () => {
    const summary = person('Oscar Arriola');
    const match = buildMatch({
      entryId: '9339',
      name: 'ARRIOLA MARQUEZ, Oscar Arturo',
      matchedName: 'ARRIOLA MARQUEZ, Oscar Arturo',
      matchedBy: 'name',
      score: 0.78,
      birthDate: 'unknown',
      document: { type: 'curp', number: 'AIMO681106HCHRRS01', country: 'MX' },
      nearDocument: true,
      programs: ['SDNTK'],
      versionSeq: 1,
    });
    const report = (findings: Record<string, unknown>[]) => ({
      id: crypto.randomUUID(),
      type: 'watchlists' as const,
      status: 'PENDING_MANUAL_REVIEW' as const,
      missingInputs: [],
      details: null,
      attempts: 1,
      lastError: null,
      startedAt: '2026-11-20T10:00:00Z',
      completedAt: '2026-11-20T10:00:01Z',
      createdAt: '2026-11-20T10:00:00Z',
      updatedAt: '2026-11-20T10:00:01Z',
      findings,
    });
    const detail = {
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
        report([
          {
            kind: 'document_invalid',
            matchedBy: 'id',
            severity: 'info',
            summary: 'The document number fails its own format or check digit',
            source: 'Centinela',
            date: null,
            record: { hint: 'too_short', minLength: 18, documentType: 'national_id', country: 'mx' },
          },
          {
            kind: 'watchlist_entry',
            matchedBy: 'name',
            severity: 'adverse',
            summary: 'ARRIOLA MARQUEZ, Oscar Arturo — SDNTK',
            source: 'OFAC SDN',
            date: null,
            record: match,
          },
        ]),
      ],
    } as unknown as TGetProfileResponse;
    signedIn(['analyst'], [summary], {
      [`GET /api/v1/profiles/${summary.id}`]: () => json(200, detail),
      'GET /api/v1/watchlists/alerts': () => json(200, { alerts: [], open: 0 }),
    });
    renderApp(`/persons/mx/${summary.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const panel = await within(flyout).findByTestId('watchlist-panel');
    expect(within(panel).getByTestId('finding-document_invalid').textContent).toBe(
      'The document number fails its own format or check digit: not a clean result. Check the number with the person.',
    );
    expect(
      within(panel).getByText(/AIMO681106HCHRRS01 \(MX\) · one character away from the number given/),
    ).toBeTruthy();
  });
});
