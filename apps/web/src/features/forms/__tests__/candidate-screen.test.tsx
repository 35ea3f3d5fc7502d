import type { TCandidatePage, TPrivacyRequest } from '@centinela/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PAGE_LOAD = { timeout: 5_000 } as const;
const CODE = 'abcdefghjkmnpqrstuvw';
const BASE = `/api/v1/public/candidate/${CODE}`;

const page = (over: Partial<TCandidatePage> = {}): TCandidatePage => ({
  company: 'Transportes Andinos S.A.S.',
  name: 'Lucía Pérez',
  country: 'co',
  state: 'in_progress',
  consentWithdrawnAt: null,
  reports: null,
  requests: [],
  correctionDeadlineDays: 15,
  uploads: { url: `${BASE}/uploads`, maxBytes: 10_000_000 },
  ...over,
});

const correction = (over: Partial<TPrivacyRequest> = {}): TPrivacyRequest => ({
  id: '6f0e8a52-4a8c-4d2e-9a55-0d6f1e7f2a10',
  kind: 'correction',
  status: 'open',
  message: 'Mi fecha de nacimiento es 1990-04-12.',
  upload: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  dueAt: '2026-12-11T15:00:00.000Z',
  resolvedAt: null,
  resolution: null,
  expiresAt: null,
  ...over,
});

describe("the candidate's own page /candidate/{code}", { timeout: 15_000 }, () => {
  it('shows the state in Spanish, sends a correction and shows it open with its deadline', async () => {
    const requests = stubApi({
      [`GET ${BASE}`]: [() => json(200, page()), () => json(200, page({ requests: [correction()] }))],
      [`POST ${BASE}/corrections`]: () => json(201, correction()),
    });
    renderApp(`/es/candidate/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Su verificación de antecedentes' }, PAGE_LOAD)).toBeTruthy();
    expect(within(screen.getByTestId('check-progress')).getByText('En curso')).toBeTruthy();
    expect(screen.getByText('Aún no ha hecho ninguna solicitud.')).toBeTruthy();

    // An empty message is refused before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar la solicitud' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Qué está mal/), {
      target: { value: 'Mi fecha de nacimiento es 1990-04-12.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar la solicitud' }));
    expect(await screen.findByText('Su solicitud fue enviada. La respuesta aparecerá arriba.')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(await sent.json()).toEqual({ message: 'Mi fecha de nacimiento es 1990-04-12.' });
    const card = await screen.findByTestId('privacy-request');
    expect(within(card).getByText('Abierta')).toBeTruthy();
    expect(card.textContent).toContain('respuesta a más tardar el 11 de diciembre de 2026');
  });

  it('shows the reviewer’s answer, and a ready copy’s two downloads, in Portuguese', async () => {
    stubApi({
      [`GET ${BASE}`]: () =>
        json(
          200,
          page({
            state: 'complete',
            requests: [
              {
                ...correction({ status: 'resolved', resolvedAt: '2026-11-27T10:00:00.000Z' }),
                resolution: 'Corrigimos a data.',
              },
              {
                ...correction({ id: '7a1e8a52-4a8c-4d2e-9a55-0d6f1e7f2a11', kind: 'export', status: 'ready' }),
                message: null,
                expiresAt: '2026-11-27T15:00:00.000Z',
              },
            ],
          }),
        ),
    });
    renderApp(`/pt/candidate/${CODE}`);
    expect(await screen.findByText('Corrigimos a data.', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText('Resolvida')).toBeTruthy();
    const pdf = screen.getByRole('link', { name: 'Baixar o PDF' });
    expect(pdf.getAttribute('href')).toBe(`${BASE}/exports/7a1e8a52-4a8c-4d2e-9a55-0d6f1e7f2a11?file=pdf`);
    expect(screen.getByRole('link', { name: 'Baixar os dados (JSON)' })).toBeTruthy();
  });

  it('asks before withdrawing consent, then says it was withdrawn', async () => {
    const requests = stubApi({
      [`GET ${BASE}`]: [
        () => json(200, page()),
        () => json(200, page({ consentWithdrawnAt: '2026-11-26T16:00:00.000Z' })),
      ],
      [`POST ${BASE}/withdraw`]: () => json(200, page({ consentWithdrawnAt: '2026-11-26T16:00:00.000Z' })),
    });
    renderApp(`/candidate/${CODE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my consent' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw consent' }));
    expect(await screen.findByTestId('consent-withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).toBeNull();
  });

  it('shows no findings unless the owner does, and then each finished report with what it found', async () => {
    stubApi({ [`GET ${BASE}`]: () => json(200, page()) });
    const hidden = renderApp(`/es/candidate/${CODE}`);
    expect(await screen.findByText(/Los resultados van a Transportes Andinos/, {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('candidate-results')).toBeNull();
    hidden.unmount();

    stubApi({
      [`GET ${BASE}`]: () =>
        json(
          200,
          page({
            state: 'complete',
            reports: [
              {
                type: 'criminal_records',
                completedAt: '2026-11-26T15:00:00.000Z',
                findings: [
                  {
                    matchedBy: 'name',
                    severity: 'adverse',
                    summary: 'Hurto simple',
                    source: 'Policía Nacional',
                    date: '2019-03-04',
                    crimeCategory: null,
                    sentencingStatus: null,
                    note: false,
                  },
                ],
              },
              {
                type: 'watchlists',
                completedAt: '2026-11-26T15:05:00.000Z',
                findings: [
                  {
                    matchedBy: 'id',
                    severity: 'info',
                    summary: 'OFAC SDN: list data older than 7 days',
                    source: 'OFAC SDN',
                    date: '2026-11-10',
                    crimeCategory: null,
                    sentencingStatus: null,
                    note: true,
                  },
                ],
              },
              { type: 'judicial_records', completedAt: '2026-11-26T15:06:00.000Z', findings: [] },
            ],
          }),
        ),
    });
    renderApp(`/es/candidate/${CODE}`);
    const results = await screen.findByTestId('candidate-results', {}, PAGE_LOAD);
    expect(within(results).getByRole('heading', { name: 'Sus resultados' })).toBeTruthy();
    const criminal = within(results).getByRole('region', { name: 'Antecedentes penales' });
    expect(within(criminal).getByText('Hurto simple')).toBeTruthy();
    expect(within(criminal).getByText('Coincide solo por nombre (posible homónimo)')).toBeTruthy();
    expect(criminal.textContent).toContain('Terminado el 26 nov 2026');
    // A note about the source's stale data is no match with the candidate's document.
    const lists = within(results).getByRole('region', { name: 'Listas restrictivas' });
    expect(within(lists).getByText('Sobre la fuente')).toBeTruthy();
    expect(within(lists).queryByText('Coincide por documento')).toBeNull();
    const judicial = within(results).getByRole('region', { name: 'Antecedentes judiciales' });
    expect(within(judicial).getByText('No se encontraron registros.')).toBeTruthy();
    expect(screen.queryByText(/Los resultados van a/)).toBeNull();
  });

  it('an unknown code says the link is not valid', async () => {
    stubApi({ [`GET ${BASE}`]: () => json(404, { code: 'not_found', message: 'Not found' }) });
    renderApp(`/candidate/${CODE}`);
    expect(await screen.findByText('Link not valid', {}, PAGE_LOAD)).toBeTruthy();
  });
});
