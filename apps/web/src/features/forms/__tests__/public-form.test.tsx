import { CONSENT_VERSION, type TPublicForm } from '@centinela/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const definition: TPublicForm = {
  code: 'abc123',
  company: 'Acme Seguridad S.A.',
  country: 'co',
  pipelineName: 'Conductores CO',
  inputs: ['documentType', 'documentId', 'name', 'issueDate'],
  documentTypes: ['national_id', 'foreign_id'],
  consent: {
    version: CONSENT_VERSION,
    text: {
      en: 'I authorize Acme Seguridad S.A.',
      es: 'Autorizo a Acme Seguridad S.A.',
      pt: 'Autorizo Acme Seguridad S.A.',
    },
  },
  uploads: { url: '/api/v1/public/forms/abc123/uploads', maxBytes: 1024, maxFiles: 5 },
  identity: null,
};

describe('the public form /forms/{code}', () => {
  it('an invalid code shows "The form is no longer valid." (in Spanish under /es)', async () => {
    stubApi({
      'GET /api/v1/public/forms/gone': () =>
        json(410, { code: 'form_invalid', message: 'El formulario ya no es válido.' }),
    });
    renderApp('/es/forms/gone');
    expect(await screen.findByText('El formulario ya no es válido.')).toBeTruthy();
  });

  it('asks for exactly the inputs the pipeline needs and sends the phone with its prefix and the consent version', async () => {
    const requests = stubApi({
      'GET /api/v1/public/forms/abc123': () => json(200, definition),
      'POST /api/v1/public/forms/abc123': () =>
        json(201, { ok: true, candidatePath: '/es/candidate/abcdefghjkmnpqrstuvw' }),
    });
    renderApp('/es/forms/abc123');
    expect(await screen.findByText('Autorizo a Acme Seguridad S.A.')).toBeTruthy();
    expect(screen.getByLabelText(/Fecha de expedición del documento/)).toBeTruthy();
    expect(screen.queryByLabelText(/Fecha de nacimiento/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Debe aceptar la autorización para continuar.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Nombre completo/), { target: { value: 'Lucía Pérez' } });
    fireEvent.change(screen.getByLabelText(/Número de documento/), { target: { value: '1020304050' } });
    fireEvent.change(screen.getByLabelText(/Fecha de expedición del documento/), { target: { value: '2015-03-02' } });
    fireEvent.change(screen.getByLabelText(/Teléfono móvil/), { target: { value: '300 123 4567' } });
    fireEvent.click(screen.getByLabelText('He leído y acepto esta autorización'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('¡Gracias!')).toBeTruthy();
    // Issue #25: the candidate's own page, where they follow the check and exercise their rights.
    expect(screen.getByRole('link', { name: 'Abrir su página' }).getAttribute('href')).toBe(
      '/es/candidate/abcdefghjkmnpqrstuvw',
    );
    const post = requests.find((r) => r.method === 'POST')!;
    await waitFor(async () =>
      expect(await post.json()).toMatchObject({
        name: 'Lucía Pérez',
        phone: '+573001234567',
        consent: true,
        consentVersion: CONSENT_VERSION,
        locale: 'es',
        issueDate: '2015-03-02',
      }),
    );
  });
});
