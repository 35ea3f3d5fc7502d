import { CONSENT_VERSION, type TFormLink, type TPipeline, type TPublicForm } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// Issue #22: the candidate's link opened in English whatever the sender's language, and the form's title
// showed its raw code.
const link: TFormLink = {
  id: crypto.randomUUID(),
  code: 'k7m2p9q4r8s3t6v5w2x9',
  label: null,
  country: 'co',
  pipelineId: crypto.randomUUID(),
  pipelineName: 'Conductores CO',
  expiresAt: null,
  revokedAt: null,
  singleUse: false,
  submissions: 0,
  status: 'active',
  locale: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  recentSubmissions: [],
};

describe('the form link speaks the sender’s language', () => {
  it('a sender whose language is Spanish sends /es/forms/… even from the English pages', async () => {
    storeTokens(buildTokens());
    stubApi({
      'GET /api/auth/user': () => json(200, { user: buildUser({ defaultLocale: 'es', scope: ['forms:manage'] }) }),
      'GET /api/v1/forms': () => json(200, { items: [link] }),
      'GET /api/v1/pipelines': () => json(200, { items: [] }),
    });
    renderApp('/forms');
    const card = await screen.findByTestId(`form-link-${link.code}`, {}, { timeout: 5000 });
    expect(card.textContent).toContain(`/es/forms/${link.code}`);
  });

  it('the new-link dialog offers the language, the one these pages are in first, and the link carries it', async () => {
    storeTokens(buildTokens());
    const pipeline: TPipeline = {
      id: link.pipelineId!,
      name: 'Conductores CO',
      description: null,
      country: 'co',
      reportTypes: ['criminal_records'],
      createdAt: '2026-11-01T12:00:00.000Z',
      updatedAt: '2026-11-01T12:00:00.000Z',
    };
    const created: TFormLink = { ...link, code: 'c0d3esp4n0l5x8y2z7w1', locale: 'es' };
    const requests = stubApi({
      // An English-speaking account on the Spanish pages: the link follows the pages, not the account.
      'GET /api/auth/user': () => json(200, { user: buildUser({ defaultLocale: 'en', scope: ['forms:manage'] }) }),
      'GET /api/v1/forms': [() => json(200, { items: [] }), () => json(200, { items: [created] })],
      'GET /api/v1/pipelines': () => json(200, { items: [pipeline] }),
      'POST /api/v1/forms': () => json(201, created),
    });
    renderApp('/es/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo enlace de formulario' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo enlace de formulario' });
    const language = within(dialog).getByLabelText('Idioma del formulario');
    expect((language as HTMLInputElement).value).toBe('Español');
    const pipelines = within(dialog).getByLabelText(/Flujo/);
    fireEvent.click(pipelines);
    const listbox = await waitFor(() => {
      const found = document.querySelector(`[role=listbox][aria-labelledby="${pipelines.id}-label"]`);
      if (!(found instanceof HTMLElement)) throw new Error('no pipelines dropdown');
      return found;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: /Conductores CO/, hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({ pipelineId: pipeline.id, locale: 'es' });
    const card = await screen.findByTestId(`form-link-${created.code}`, {}, { timeout: 5000 });
    expect(card.textContent).toContain(`/es/forms/${created.code}`);
  });

  it('a link made for Portuguese speakers stays in Portuguese whoever copies it', async () => {
    storeTokens(buildTokens());
    stubApi({
      'GET /api/auth/user': () => json(200, { user: buildUser({ defaultLocale: 'es', scope: ['forms:manage'] }) }),
      'GET /api/v1/forms': () => json(200, { items: [{ ...link, locale: 'pt' }] }),
      'GET /api/v1/pipelines': () => json(200, { items: [] }),
    });
    renderApp('/es/forms');
    const card = await screen.findByTestId(`form-link-${link.code}`, {}, { timeout: 5000 });
    expect(card.textContent).toContain(`/pt/forms/${link.code}`);
  });
});

const definition: TPublicForm = {
  code: 'abc123',
  company: 'Acme Seguridad S.A.',
  country: 'co',
  pipelineName: 'Conductores CO',
  inputs: ['documentType', 'documentId', 'name'],
  documentTypes: ['national_id'],
  consent: {
    version: CONSENT_VERSION,
    text: { en: 'I authorize Acme.', es: 'Autorizo a Acme.', pt: 'Autorizo a Acme.' },
  },
  uploads: { url: '/api/v1/public/forms/abc123/uploads', maxBytes: 1024, maxFiles: 5 },
  identity: null,
};

describe('the public form’s title names the company and the purpose, not the code', () => {
  const titles = {
    '/forms/abc123': 'Acme Seguridad S.A.: background check form',
    '/es/forms/abc123': 'Acme Seguridad S.A.: formulario de verificación de antecedentes',
    '/pt/forms/abc123': 'Acme Seguridad S.A.: formulário de verificação de antecedentes',
  };
  for (const [path, title] of Object.entries(titles)) {
    it(path, async () => {
      stubApi({ 'GET /api/v1/public/forms/abc123': () => json(200, definition) });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeTruthy();
      expect(document.title).toBe(title);
      expect(screen.queryByText(/abc123/)).toBeNull();
    });
  }
});
