import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data.ts';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { buildDetail, buildProfile, PAGE_LOAD, signedInWithProfiles } from './profiles-fixtures.ts';

async function openCandidateForm() {
  renderApp('/persons/co');
  await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
  fireEvent.click(screen.getByRole('button', { name: 'Add profile' }));
  return screen.findByRole('dialog', { name: 'Add profile' });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('add-profile form', { timeout: 15_000 }, () => {
  it('the phone example is the person’s country’s (+57 for a Colombian), whatever the interface language', async () => {
    signedInWithProfiles([buildProfile()]);
    renderApp('/pt/persons/co');
    await screen.findAllByTestId('profile-row', {}, PAGE_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar perfil' });
    const phone = field(dialog, 'Telefone');
    expect(phone.placeholder).toBe('+57 300 123 4567');
    expect(dialog.textContent).toContain('Inclua o código do país, ex.: +57');
    expect(dialog.textContent).not.toContain('+55');
  });

  it('shows errors on blur with the shared schema’s messages', async () => {
    const requests = signedInWithProfiles([buildProfile()]);
    const dialog = await openCandidateForm();
    fireEvent.blur(field(dialog, 'Name'));
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    fireEvent.change(field(dialog, 'Phone'), { target: { value: '3001234567' } });
    fireEvent.blur(field(dialog, 'Phone'));
    expect(
      await within(dialog).findByText('Enter a valid phone number with its country prefix, starting with +.'),
    ).toBeTruthy();
    // With the fields fixed, the create schema's own rule (a pipeline or reports) still holds the submit.
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Laura Pérez' } });
    fireEvent.change(field(dialog, 'Document number'), { target: { value: '1020304050' } });
    fireEvent.change(field(dialog, 'Phone'), { target: { value: '+573001234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByText('Choose a pipeline or at least one report.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/profiles')).toBe(false);
  });

  it('shows advisory hints (format and recently used) without blocking the submit', async () => {
    const used = buildProfile();
    const created = buildDetail({ name: 'Laura Pérez' });
    const requests = signedInWithProfiles([buildProfile()], {
      'POST /api/v1/profiles/hints': () =>
        json(200, {
          hints: [{ field: 'documentId', hint: 'recently_used', profileId: used.id, usedAt: '2026-11-21T10:00:00Z' }],
        }),
      'POST /api/v1/profiles': () => json(201, { profile: created, hints: [] }),
    });
    const dialog = await openCandidateForm();
    fireEvent.change(field(dialog, 'Document number'), { target: { value: '123' } });
    expect(await within(dialog).findByText(/looks too short \(at least 6 characters\)/)).toBeTruthy();
    expect(
      await within(dialog).findByText(/already used on .* \(in the last 2 days\)/, {}, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Laura Pérez' } });
    fireEvent.change(field(dialog, 'Phone'), { target: { value: '+57 300 123 4567' } });
    fireEvent.click(within(dialog).getByLabelText('Criminal records'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Profile created: Laura Pérez')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/profiles');
    expect(await post?.json()).toMatchObject({
      kind: 'candidate',
      country: 'co',
      documentType: 'national_id',
      documentId: '123',
      name: 'Laura Pérez',
      phone: '+57 300 123 4567',
      reportTypes: ['criminal_records'],
    });
  });

  it('says "Unable to create profile" when the server refuses', async () => {
    signedInWithProfiles([buildProfile()], {
      'POST /api/v1/profiles': () => json(500, { code: 'internal', message: 'boom' }),
    });
    const dialog = await openCandidateForm();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Pre-candidate' }));
    const name = await within(dialog).findByLabelText('Name', { exact: false });
    fireEvent.change(name, { target: { value: 'Mario Ruiz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByText('Provide either an email or a phone number.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), {
      target: { value: 'mario@example.org' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Unable to create profile.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add profile' })).toBeTruthy());
  });
});

describe('add-profile form, pipeline mode', { timeout: 15_000 }, () => {
  const pipeline = {
    id: crypto.randomUUID(),
    name: 'Completo',
    description: null,
    country: 'co',
    reportTypes: ['criminal_records', 'police_record'],
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  };

  it("asks for the inputs the pipeline's reports need and says which reports would be incomplete", async () => {
    const created = buildDetail({ name: 'Laura Pérez' });
    const requests = signedInWithProfiles([buildProfile()], {
      'GET /api/v1/pipelines': () => json(200, { items: [pipeline] }),
      'POST /api/v1/profiles': () => json(201, { profile: created, hints: [] }),
    });
    const dialog = await openCandidateForm();
    expect(within(dialog).queryByLabelText('Document issue date')).toBeNull();
    fireEvent.click(within(dialog).getByText('Use a pipeline'));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Pipeline' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completo' }));
    // Colombia's police record asks for the document's issue date: the field appears, and until it is
    // filled the form explains (without blocking) that the report would wait for it.
    const issueDate = await within(dialog).findByLabelText('Document issue date');
    const note = within(dialog).getByTestId('missing-inputs');
    expect(note.textContent).toContain('Some reports will be incomplete');
    expect(note.textContent).toContain('Police record needs: Document issue date.');
    expect(note.textContent).not.toContain('Criminal records');
    fireEvent.change(issueDate, { target: { value: '2012-05-04' } });
    await waitFor(() => expect(within(dialog).queryByTestId('missing-inputs')).toBeNull());

    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Laura Pérez' } });
    fireEvent.change(field(dialog, 'Document number'), { target: { value: '1020304050' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Profile created: Laura Pérez')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/profiles');
    const body = await post?.json();
    expect(body).toMatchObject({ kind: 'candidate', country: 'co', pipelineId: pipeline.id, issueDate: '2012-05-04' });
    expect(body).not.toHaveProperty('reportTypes');
  });

  it('the advisory note does not block: a pipeline report lacking its input is still submitted', async () => {
    const requests = signedInWithProfiles([buildProfile()], {
      'GET /api/v1/pipelines': () => json(200, { items: [pipeline] }),
      'POST /api/v1/profiles': () =>
        json(201, { profile: buildDetail({ name: 'Mario Ruiz', status: 'INCOMPLETE' }), hints: [] }),
    });
    const dialog = await openCandidateForm();
    fireEvent.click(within(dialog).getByText('Use a pipeline'));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Pipeline' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completo' }));
    expect(await within(dialog).findByTestId('missing-inputs')).toBeTruthy();
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Mario Ruiz' } });
    fireEvent.change(field(dialog, 'Document number'), { target: { value: '1020304050' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('Profile created: Mario Ruiz')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/profiles');
    expect(await post?.json()).not.toHaveProperty('issueDate');
  });

  it('a free-plan owner sees the report types the plan lacks as locked, with an upgrade hint', async () => {
    const user = buildUser({
      owner: { id: crypto.randomUUID(), codeName: 'pyme', name: 'Pyme', plan: 'free' },
      availableCountries: ['co'],
      scope: ['profiles:read', 'profiles:write', 'reports:run'],
    });
    signedInWithProfiles([buildProfile()], {
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/credits': () =>
        json(200, {
          ownerId: user.owner!.id,
          plan: 'free',
          limited: true,
          creditsAvailable: 5,
          creditsInitial: 50,
          nextRefillAt: '2026-12-01T00:00:00.000Z',
          lockedReportTypes: ['news_search'],
        }),
    });
    const dialog = await openCandidateForm();
    expect(field(dialog, 'Criminal records').disabled).toBe(false);
    const news = within(dialog).getByRole('checkbox', { name: /News search/ }) as HTMLInputElement;
    expect(news.disabled).toBe(true);
    expect(within(dialog).getAllByText('Not in your plan').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Upgrade your plan to run this report.')).toBeTruthy();
  });

  it('a free-plan owner sees what the chosen reports cost and the balance before confirming', async () => {
    const user = buildUser({
      owner: { id: crypto.randomUUID(), codeName: 'pyme', name: 'Pyme', plan: 'free' },
      availableCountries: ['co'],
      scope: ['profiles:read', 'profiles:write', 'reports:run'],
    });
    signedInWithProfiles([buildProfile()], {
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/credits': () =>
        json(200, {
          ownerId: user.owner!.id,
          plan: 'free',
          limited: true,
          creditsAvailable: 2,
          creditsInitial: 50,
          nextRefillAt: '2026-12-01T00:00:00.000Z',
          lockedReportTypes: [],
        }),
    });
    const dialog = await openCandidateForm();
    fireEvent.click(field(dialog, 'Criminal records'));
    expect((await within(dialog).findByTestId('profile-credit-cost')).textContent).toBe(
      'This profile will use 1 credit; 2 available.',
    );
    // Three reports of 1 credit each: more than the 2 left — not offered.
    fireEvent.click(field(dialog, 'Arrest warrants'));
    fireEvent.click(field(dialog, 'Judicial records'));
    expect(await within(dialog).findByText('Not enough credits')).toBeTruthy();
    expect(within(dialog).getByTestId('profile-credit-cost').textContent).toContain(
      'These reports need 3 credits and 2 are available.',
    );
    expect((within(dialog).getByRole('button', { name: 'Create profile' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a report that will wait INCOMPLETE for an input is not counted: the estimate is what is charged', async () => {
    const user = buildUser({
      owner: { id: crypto.randomUUID(), codeName: 'pyme', name: 'Pyme', plan: 'free' },
      availableCountries: ['co'],
      scope: ['profiles:read', 'profiles:write', 'reports:run'],
    });
    signedInWithProfiles([buildProfile()], {
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/credits': () =>
        json(200, {
          ownerId: user.owner!.id,
          plan: 'free',
          limited: true,
          creditsAvailable: 10,
          creditsInitial: 50,
          nextRefillAt: '2026-12-01T00:00:00.000Z',
          lockedReportTypes: [],
        }),
    });
    const dialog = await openCandidateForm();
    fireEvent.click(field(dialog, 'Criminal records'));
    // The police record needs the document's issue date: without it, it is created INCOMPLETE, unpaid.
    fireEvent.click(field(dialog, 'Police record'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('profile-credit-cost').textContent).toBe(
        'This profile will use 1 credit; 10 available.',
      ),
    );
  });
});
