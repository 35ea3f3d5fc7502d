import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  identityReport,
  identityReportRow,
  jpeg,
  person,
  PROFILE_ID,
  signedIn,
  stubMultipart,
} from './identity-fixtures.ts';

const IDENTITY = `/api/v1/profiles/${PROFILE_ID}/identity`;
const image = () => new Response(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }), { status: 200 });

beforeEach(() => {
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:picture-${++n}`, revokeObjectURL: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

/** Every picture of the report answers an image. */
const pictureRoutes = (report: ReturnType<typeof identityReport>) =>
  Object.fromEntries(report.pictures.map((p) => [`GET ${IDENTITY}/pictures/${p.id}`, image]));

describe('the identity report in the flyout', { timeout: 40_000 }, () => {
  it('shows the portrait and the selfie side by side, the fields read, every check, and decides with a confirmed reason (in Portuguese)', async () => {
    const report = identityReport();
    const decided = identityReport({
      status: 'COMPLETED',
      review: { decision: 'rejected', reason: 'Foto diferente', by: 'ana@acme.test', at: '2026-11-29T11:00:00Z' },
    });
    const requests = signedIn({
      [`GET /api/v1/profiles/${PROFILE_ID}`]: () => json(200, person([identityReportRow()])),
      [`GET ${IDENTITY}`]: () => json(200, report),
      [`POST ${IDENTITY}/review`]: () => json(200, decided),
      ...pictureRoutes(report),
    });
    renderApp(`/pt/persons/co/${PROFILE_ID}`);
    const panel = await screen.findByTestId('identity-panel', {}, { timeout: 20_000 });
    // The two faces first, side by side, each with its caption.
    const front = await within(panel).findByRole('img', { name: 'Documento (frente)' });
    const selfie = within(panel).getByRole('img', { name: 'Selfie' });
    expect(front.getAttribute('src')).toMatch(/^blob:/);
    expect(selfie.getAttribute('src')).toMatch(/^blob:/);
    expect(requests.some((r) => r.url.endsWith(`/pictures/${report.pictures[0]!.id}`))).toBe(true);
    // The pictures were asked for with the bearer token (an <img> could not send it).
    expect(requests.find((r) => r.url.includes('/pictures/'))!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(within(panel).getByTestId('identity-face-distance').textContent).toContain('0,41');
    // The fields read next to the person's.
    const fields = within(panel).getByRole('table', { name: 'O que o documento diz' });
    const nameRow = within(fields).getByRole('row', { name: /Nome/ });
    expect(nameRow.textContent).toContain('Lucía Pérez Gómez');
    expect(nameRow.textContent).toContain('LUCIA PEREZ');
    expect(within(fields).getByRole('columnheader', { name: 'Documento (código de barras)' })).toBeTruthy();
    // Every check, in Portuguese, the one for review first.
    const checks = within(panel).getAllByTestId('identity-check');
    expect(checks.filter((c) => c.closest('[role=alert]') === null).map((c) => c.dataset.check)).toEqual(
      expect.arrayContaining(['readable', 'document_number', 'name', 'face']),
    );
    const name = checks.find((c) => c.dataset.check === 'name')!;
    expect(name.textContent).toContain('Análise');
    expect(name.textContent).toContain('Confere só em parte');

    // Reject: a confirmation that asks why; nothing is sent without a reason.
    fireEvent.click(within(panel).getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reprovar esta verificação de identidade?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText(/obrigatório/i)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: '  Foto diferente ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ decision: 'rejected', reason: 'Foto diferente' });
    expect((await within(panel).findByTestId('identity-reviewed')).textContent).toContain(
      'Reprovado por ana@acme.test',
    );
  });

  it('lets staff add the pictures a report waits for, with the consent they attest and one idempotency key', async () => {
    const waiting = identityReport({
      status: 'INCOMPLETE',
      verdict: null,
      checks: [],
      reasons: [],
      readings: [],
      faceDistance: null,
      pictures: [],
    });
    signedIn({
      [`GET /api/v1/profiles/${PROFILE_ID}`]: () =>
        json(200, person([identityReportRow({ status: 'INCOMPLETE', missingInputs: ['identityPictures' as never] })])),
      [`GET ${IDENTITY}`]: () => json(200, waiting),
    });
    renderApp(`/persons/co/${PROFILE_ID}`);
    const form = await screen.findByTestId('identity-upload', {}, { timeout: 20_000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Send and check' }));
    expect(await within(form).findAllByText('This picture is needed.')).toHaveLength(2);
    expect(within(form).getByText('The person’s consent to the face comparison is needed.')).toBeTruthy();

    const sent = stubMultipart(() => json(202, { ...waiting, status: 'PENDING' }));
    const input = (kind: string) => form.querySelector(`input[type=file][data-kind=${kind}]`)!;
    fireEvent.change(input('document_front'), { target: { files: [jpeg('front.jpg')] } });
    fireEvent.change(input('selfie'), { target: { files: [jpeg('me.jpg')] } });
    fireEvent.change(input('turned_selfie'), { target: { files: [jpeg('turned.jpg')] } });
    fireEvent.click(within(form).getByRole('radio', { name: 'right' }));
    fireEvent.click(within(form).getByLabelText(/The person accepted the face comparison/));
    fireEvent.click(within(form).getByRole('button', { name: 'Send and check' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(IDENTITY);
    expect(sent[0]!.fields).toEqual({ consentVersion: '2026-11', turn: 'right' });
    expect(sent[0]!.files).toEqual(['document_front', 'selfie', 'turned_selfie']);
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers the candidate’s own link, where they take the pictures themselves (a person from CSV)', async () => {
    const waiting = identityReport({
      status: 'INCOMPLETE',
      verdict: null,
      checks: [],
      reasons: [],
      readings: [],
      faceDistance: null,
      pictures: [],
    });
    const requests = signedIn({
      [`GET /api/v1/profiles/${PROFILE_ID}`]: () =>
        json(200, person([identityReportRow({ status: 'INCOMPLETE', missingInputs: ['identityPictures' as never] })])),
      [`GET ${IDENTITY}`]: () => json(200, waiting),
      [`POST /api/v1/profiles/${PROFILE_ID}/candidate-link`]: () =>
        json(201, {
          code: 'abcdefghjkmnpqrstuvw',
          path: '/es/candidate/abcdefghjkmnpqrstuvw',
          createdAt: '2026-11-29T10:00:00Z',
        }),
    });
    renderApp(`/es/persons/co/${PROFILE_ID}`);
    const ask = await screen.findByTestId('ask-candidate', {}, { timeout: 20_000 });
    expect(ask.textContent).toContain('El candidato puede tomarlas en su propia página: envíele el enlace.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Enlace para el candidato' }));
    const dialog = await screen.findByRole('dialog', { name: /enlace/i });
    fireEvent.click(within(dialog).getByRole('button', { name: /Crear el enlace/ }));
    expect((await within(dialog).findByTestId('candidate-link')).textContent).toMatch(
      /\/es\/candidate\/abcdefghjkmnpqrstuvw$/,
    );
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/candidate-link'))).toBe(true);
  });
});
