import type { TProfileReport } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

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
  kind: 'criminal_record',
  matchedBy,
  severity: 'adverse',
  summary,
  source: 'Policía Nacional',
  date: '2024-03-01',
  record: {},
});

const profile = buildDetail({
  name: 'Sebastián Rojas',
  status: 'PENDING_MANUAL_REVIEW',
  reports: [
    report({
      type: 'criminal_records',
      status: 'PENDING_MANUAL_REVIEW',
      findings: [finding('id', 'Hurto calificado'), finding('name', 'Estafa')],
    }),
    report({ type: 'police_record', status: 'INCOMPLETE', missingInputs: ['issueDate'] }),
  ],
});

describe('profile flyout', { timeout: 15_000 }, () => {
  it('opens from a deep link without a country and tells document matches from name-only matches', async () => {
    signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile) });
    renderApp(`/persons/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
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
    // Report progress is a polite live region for screen readers.
    expect(within(flyout).getByText('2 of 2 reports finished').getAttribute('aria-live')).toBe('polite');
  });

  it('downloads the verifiable PDF report in the page’s language', async () => {
    const pdf = new Response('%PDF-1.7', {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="report-1.pdf"' },
    });
    const requests = signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
      [`GET /api/v1/profiles/${profile.id}/report.pdf`]: () => pdf,
    });
    let saved: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => ((saved = blob), 'blob:pdf'),
        revokeObjectURL: () => undefined,
      }),
    );
    renderApp(`/pt/persons/co/${profile.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Perfil' }, PAGE_LOAD);
    fireEvent.click(await within(flyout).findByRole('button', { name: 'Baixar relatório em PDF' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(await saved!.text()).toBe('%PDF-1.7');
    const asked = new URL(requests.find((r) => r.url.includes('/report.pdf'))!.url);
    expect(asked.searchParams.get('lang')).toBe('pt');
  });

  it('approves with a comment, then closes back to the list keeping its filters', async () => {
    const requests = signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${profile.id}`]: () => json(200, profile),
      [`POST /api/v1/profiles/${profile.id}/review`]: () =>
        json(200, { ...profile, status: 'PASSED', manuallyReviewed: true }),
    });
    const { router } = renderApp(`/persons/co/${profile.id}?status=PENDING_MANUAL_REVIEW`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    fireEvent.change(await within(flyout).findByLabelText('Comment'), { target: { value: 'Homónimo' } });
    fireEvent.click(within(flyout).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Profile approved.')).toBeTruthy();
    const post = requests.find((r) => r.url.endsWith('/review'));
    expect(await post?.json()).toEqual({ decision: 'approved', comment: 'Homónimo' });
    fireEvent.click(within(flyout).getByRole('button', { name: 'Close profile' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/persons/co?status=PENDING_MANUAL_REVIEW',
      ),
    );
  });
});

describe('profile flyout: the person’s details', { timeout: 15_000 }, () => {
  const incomplete = buildDetail({
    name: 'Lucía Torres',
    status: 'INCOMPLETE',
    createdBy: crypto.randomUUID(),
    createdByUsername: 'analyst@acme.test',
    reports: [report({ type: 'police_record', status: 'INCOMPLETE', missingInputs: ['issueDate'] })],
  });

  it('shows who created the person by username, not by id', async () => {
    signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${incomplete.id}`]: () => json(200, incomplete) });
    renderApp(`/persons/co/${incomplete.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    const createdBy = (await within(flyout).findByText('Created by')).nextElementSibling!;
    expect(createdBy.textContent).toBe('analyst@acme.test');
    expect(within(flyout).queryByText(incomplete.createdBy!)).toBeNull();
  });

  it('completes the missing input: the waiting report is explained, the PATCH sends only the change, the re-run is announced', async () => {
    const saved = {
      ...incomplete,
      inputs: { issueDate: '2012-05-04' },
      status: 'PENDING' as const,
      reports: [report({ type: 'police_record', status: 'PENDING', missingInputs: [] })],
    };
    const requests = signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${incomplete.id}`]: () => json(200, incomplete),
      [`PATCH /api/v1/profiles/${incomplete.id}/person`]: () =>
        json(200, { profile: saved, requeued: ['police_record'] }),
    });
    renderApp(`/persons/co/${incomplete.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    // A report waits for inputs: the form says what is missing.
    fireEvent.click(await within(flyout).findByRole('button', { name: 'Edit person details' }));
    const form = await within(flyout).findByRole('form', { name: 'Edit person details' });
    expect(within(form).getByTestId('missing-inputs').textContent).toContain(
      'Police record needs: Document issue date.',
    );
    const save = within(form).getByRole('button', { name: 'Save details' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // The shared rules judge the fields, on blur.
    const name = within(form).getByLabelText('Name');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.blur(name);
    expect(await within(form).findByText('Name is required.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Lucía Torres' } });
    const phone = within(form).getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '3001234567' } });
    fireEvent.blur(phone);
    expect(
      await within(form).findByText('Enter a valid phone number with its country prefix, starting with +.'),
    ).toBeTruthy();
    fireEvent.change(phone, { target: { value: '' } });

    fireEvent.change(within(form).getByLabelText('Document issue date'), { target: { value: '2012-05-04' } });
    await waitFor(() => expect(within(form).queryByTestId('missing-inputs')).toBeNull());
    fireEvent.click(save);
    expect(await screen.findByText('Person details saved. 1 report runs again.')).toBeTruthy();
    const patch = requests.find((r) => r.method === 'PATCH' && r.url.endsWith('/person'));
    expect(await patch?.json()).toEqual({ issueDate: '2012-05-04' });
  });

  it('a Sol reference check does not say "No records found." above its own report', async () => {
    const sol = buildDetail({
      name: 'Lucía Vega',
      reports: [
        report({ type: 'employment_references', status: 'COMPLETED' }),
        report({ type: 'criminal_records', status: 'COMPLETED' }),
      ],
    });
    signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${sol.id}`]: () => json(200, sol) });
    renderApp(`/persons/${sol.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Lucía Vega' });
    const [references, criminal] = within(flyout).getAllByTestId('report');
    expect(references!.getAttribute('data-report-type')).toBe('employment_references');
    expect(within(references!).queryByText('No records found.')).toBeNull();
    // A report without a panel of its own still says it found nothing.
    expect(within(criminal!).getByText('No records found.')).toBeTruthy();
  });

  it('"No records found." only under a report whose source answered; the others say where they stand', async () => {
    const person = buildDetail({
      name: 'Lucía Vega',
      reports: [
        report({ type: 'criminal_records', status: 'PENDING', startedAt: null }),
        report({ type: 'judicial_records', status: 'PENDING', startedAt: '2026-11-20T15:30:00Z' }),
        report({ type: 'police_record', status: 'INCOMPLETE', missingInputs: ['birthDate'] }),
        report({ type: 'arrest_warrants', status: 'ERROR' }),
        report({ type: 'news_search', status: 'COMPLETED' }),
      ],
    });
    signedInWithProfiles([buildProfile()], { [`GET /api/v1/profiles/${person.id}`]: () => json(200, person) });
    renderApp(`/persons/${person.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    await within(flyout).findByRole('heading', { name: 'Lucía Vega' });
    const [queued, running, incomplete, failed, done] = within(flyout).getAllByTestId('report');
    expect(within(queued!).getByTestId('report-state').textContent).toBe('Not run yet.');
    expect(within(running!).getByTestId('report-state').textContent).toBe('Check in progress.');
    expect(within(incomplete!).getByTestId('report-state').textContent).toBe(
      'Not run: information this check needs is missing.',
    );
    expect(within(failed!).getByTestId('report-error').textContent).toMatch(/^Max retries exceeded/);
    for (const card of [queued, running, incomplete, failed])
      expect(within(card!).queryByText('No records found.')).toBeNull();
    expect(within(done!).getByText('No records found.')).toBeTruthy();
  });

  it('an unknown person id says it is not there, without a pointless "Try again"', async () => {
    const id = crypto.randomUUID();
    signedInWithProfiles([buildProfile()], {
      [`GET /api/v1/profiles/${id}`]: () => json(404, { code: 'not_found', message: 'Not found' }),
    });
    renderApp(`/persons/co/${id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Profile' }, PAGE_LOAD);
    expect(await within(flyout).findByRole('alert')).toBeTruthy();
    expect(within(flyout).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('a Brazilian person in Portuguese (/pt)', () => {
  const brazilian = buildDetail({
    country: 'br',
    documentType: 'national_id',
    documentId: '52998224725',
    name: 'Ana Souza',
    reports: [report({ type: 'criminal_records' })],
  });

  it('shows the CPF as 000.000.000-00 in the list and the flyout, in Portuguese words', async () => {
    signedInWithProfiles([brazilian], { [`GET /api/v1/profiles/${brazilian.id}`]: () => json(200, brazilian) });
    renderApp(`/pt/persons/${brazilian.id}`);
    const flyout = await screen.findByRole('dialog', { name: 'Perfil' }, PAGE_LOAD);
    expect(await within(flyout).findByRole('heading', { name: 'Ana Souza' })).toBeTruthy();
    expect(within(flyout).getByText('CPF — Cadastro de Pessoas Físicas')).toBeTruthy();
    expect(within(flyout).getByText('Número do documento').nextElementSibling!.textContent).toBe('529.982.247-25');
    expect(within(flyout).getByRole('heading', { name: 'Antecedentes criminais' })).toBeTruthy();
    const row = (await screen.findAllByTestId('profile-row', {}, PAGE_LOAD))[0]!;
    expect(within(row).getByText('529.982.247-25')).toBeTruthy();
    // The list names the document as Brazilians do.
    expect(within(row).getByText('CPF')).toBeTruthy();
  });
});
