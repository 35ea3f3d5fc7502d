import { CONSENT_VERSION, type TFormLink, type TPublicForm } from '@centinela/shared';
import { screen } from '@testing-library/react';
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
