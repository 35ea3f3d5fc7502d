import type { TCandidatePage } from '@centinela/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { identityForm, jpeg, picture, stubMultipart } from './identity-fixtures.ts';

const CODE = 'abcdefghjkmnpqrstuvw';
const BASE = `/api/v1/public/candidate/${CODE}`;

const page = (identity: TCandidatePage['identity']): TCandidatePage => ({
  company: 'Transportes Andinos S.A.S.',
  name: 'Lucía Pérez',
  country: 'co',
  state: 'in_progress',
  consentWithdrawnAt: null,
  reports: null,
  requests: [],
  correctionDeadlineDays: 15,
  uploads: { url: `${BASE}/uploads`, maxBytes: 10_000_000 },
  identity,
});

const step = {
  ...identityForm.identity!,
  uploadUrl: `${BASE}/identity/pictures`,
  checkUrl: `${BASE}/identity/check`,
  submitUrl: `${BASE}/identity/submit`,
};

describe("the identity step on the candidate's own page", { timeout: 30_000 }, () => {
  it('a person created by CSV sends the pictures from their page, which then stops asking for them', async () => {
    const requests = stubApi({
      [`GET ${BASE}`]: [() => json(200, page(step)), () => json(200, page(null))],
      [`POST ${BASE}/identity/submit`]: () => json(200, { ok: true }),
    });
    const sent = stubMultipart(({ fields }) => json(201, picture(fields.kind as 'selfie')));
    renderApp(`/es/candidate/${CODE}`);
    await screen.findByTestId('identity-step', {}, { timeout: 20_000 });
    // Nothing is sent before the pictures are in.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar las fotos' }));
    expect(await screen.findByText('Acepte la comparación facial para agregar sus fotos.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('Acepto la comparación facial'));
    for (const kind of ['document_front', 'selfie', 'turned_selfie']) {
      const input = screen.getByTestId(`identity-${kind}`).querySelector<HTMLInputElement>('input[type=file]')!;
      fireEvent.change(input, { target: { files: [jpeg(`${kind}.jpg`)] } });
      await waitFor(() => expect(screen.getByTestId(`identity-${kind}`).dataset.state).toBe('accepted'));
    }
    expect(sent.every((s) => s.url === `${BASE}/identity/pictures`)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar las fotos' }));
    await waitFor(() => expect(screen.queryByTestId('candidate-identity')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      `${BASE}/identity/submit`,
    ]);
  });
});
