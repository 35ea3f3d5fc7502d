import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { CODE, identityForm, jpeg, picture, retake, stubMultipart } from './identity-fixtures.ts';

/** The form's route and its lazy step load on a busy machine: a page load's wait, not the default. */
const PAGE_LOAD = { timeout: 20_000 } as const;

/** The hidden file input of one picture's slot. */
const fileInput = (kind: string) =>
  screen.getByTestId(`identity-${kind}`).querySelector<HTMLInputElement>('input[type=file]')!;

const take = (kind: string, name = `${kind}.jpg`) =>
  fireEvent.change(fileInput(kind), { target: { files: [jpeg(name)] } });

const fillPerson = () => {
  fireEvent.change(screen.getByLabelText(/Nombre completo/), { target: { value: 'Lucía Pérez' } });
  fireEvent.change(screen.getByLabelText(/Número de documento/), { target: { value: '1020304050' } });
  fireEvent.click(screen.getByLabelText('He leído y acepto esta autorización'));
};

describe('the identity step of the public form', { timeout: 40_000 }, () => {
  it('asks the biometric consent first, checks each picture, asks for a blurred back again and sends the ids', async () => {
    const requests = stubApi({
      [`GET /api/v1/public/forms/${CODE}`]: () => json(200, identityForm),
      [`POST /api/v1/public/forms/${CODE}`]: () => json(201, { ok: true }),
    });
    let backTries = 0;
    const ids: Record<string, string> = {};
    const sent = stubMultipart(({ fields }) => {
      if (fields.kind === 'document_back' && ++backTries === 1) return retake('too_blurry');
      const p = picture(fields.kind as 'selfie');
      ids[fields.kind!] = p.id;
      return json(201, p);
    });
    renderApp(`/es/forms/${CODE}`);
    const step = await screen.findByTestId('identity-step', {}, PAGE_LOAD);
    expect(within(step).getByTestId('biometric-consent-text').textContent).toBe(
      'Autorizo a Acme a comparar mi selfie.',
    );
    // The document opens the back camera, the selfies the front one.
    expect(fileInput('document_front').getAttribute('capture')).toBe('environment');
    expect(fileInput('turned_selfie').getAttribute('capture')).toBe('user');
    expect(fileInput('selfie').getAttribute('accept')).toBe('image/*');
    // No picture before the consent to the face comparison.
    const frontButton = screen.getByRole('button', { name: 'Tomar la foto: Frente del documento' });
    expect((frontButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Acepto la comparación facial'));
    expect((frontButton as HTMLButtonElement).disabled).toBe(false);
    // The liveness challenge says which way to turn, in the candidate's language.
    expect(screen.getByText('Una selfie girando la cabeza hacia su izquierda')).toBeTruthy();

    take('document_front');
    await waitFor(() => expect(screen.getByTestId('identity-document_front').dataset.state).toBe('accepted'));
    take('document_back');
    // What to do, in Spanish (the shared texts), and how many tries are left.
    const problems = await screen.findByTestId('picture-problems');
    expect(problems.textContent).toContain('La foto está borrosa: sostenga el teléfono quieto y deje que enfoque.');
    expect(problems.textContent).toContain('Le quedan 2 intentos');
    expect(screen.getByRole('button', { name: 'Tomarla de nuevo: Reverso del documento (opcional)' })).toBeTruthy();
    take('document_back', 'back-2.jpg');
    await waitFor(() => expect(screen.getByTestId('identity-document_back').dataset.state).toBe('accepted'));
    take('selfie');
    take('turned_selfie');
    await waitFor(() => expect(screen.getByTestId('identity-turned_selfie').dataset.state).toBe('accepted'));
    await waitFor(() => expect(screen.getByTestId('identity-selfie').dataset.state).toBe('accepted'));

    expect(sent.map((s) => [s.fields.kind, s.fields.attempt])).toEqual([
      ['document_front', '1'],
      ['document_back', '1'],
      ['document_back', '2'],
      ['selfie', '1'],
      ['turned_selfie', '1'],
    ]);
    expect(sent.every((s) => s.url === identityForm.identity!.uploadUrl && s.fields.consentVersion === '2026-11')).toBe(
      true,
    );
    expect(sent.find((s) => s.fields.kind === 'turned_selfie')!.fields.turn).toBe('left');
    expect(sent[2]!.file?.name).toBe('back-2.jpg');

    fillPerson();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('¡Gracias!')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    const body = (await post.json()) as { identityPictureIds: string[] };
    expect(body.identityPictureIds).toEqual([ids.document_front, ids.document_back, ids.selfie, ids.turned_selfie]);
  });

  it('takes a picture that still fails on its third try, saying a person will look at it', async () => {
    stubApi({ [`GET /api/v1/public/forms/${CODE}`]: () => json(200, identityForm) });
    let tries = 0;
    stubMultipart(({ fields }) =>
      ++tries < 3
        ? retake('no_face')
        : json(
            201,
            picture(fields.kind as 'selfie', {
              acceptedAfterTries: true,
              problems: [{ code: 'no_face', message: 'x' }],
            }),
          ),
    );
    renderApp(`/es/forms/${CODE}`);
    await screen.findByTestId('identity-step', {}, PAGE_LOAD);
    fireEvent.click(screen.getByLabelText('Acepto la comparación facial'));
    take('selfie');
    expect((await screen.findByTestId('picture-problems')).textContent).toContain('Le quedan 2 intentos');
    take('selfie');
    await waitFor(() => expect(screen.getByTestId('picture-problems').textContent).toContain('Le queda 1 intento'));
    take('selfie');
    await waitFor(() => expect(screen.getByTestId('identity-selfie').dataset.state).toBe('accepted'));
    expect(within(screen.getByTestId('identity-selfie')).getByText('Enviada a revisión')).toBeTruthy();
    expect(screen.getByText(/una persona la revisará/)).toBeTruthy();
  });

  it('does not send the form without the needed pictures, and says which are missing', async () => {
    const requests = stubApi({ [`GET /api/v1/public/forms/${CODE}`]: () => json(200, identityForm) });
    renderApp(`/es/forms/${CODE}`);
    await screen.findByTestId('identity-step', {}, PAGE_LOAD);
    fillPerson();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Acepte la comparación facial para agregar sus fotos.')).toBeTruthy();
    expect(within(screen.getByTestId('identity-document_front')).getByText('Se necesita esta foto.')).toBeTruthy();
    // The back is optional (a passport has none).
    expect(within(screen.getByTestId('identity-document_back')).queryByText('Se necesita esta foto.')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a refused file (not an image) is not a try and says why', async () => {
    stubApi({ [`GET /api/v1/public/forms/${CODE}`]: () => json(200, identityForm) });
    const sent = stubMultipart(({ fields }) =>
      sent.length === 1
        ? json(415, { code: 'identity_unsupported_format', message: 'x' })
        : json(201, picture(fields.kind as 'selfie')),
    );
    renderApp(`/es/forms/${CODE}`);
    await screen.findByTestId('identity-step', {}, PAGE_LOAD);
    fireEvent.click(screen.getByLabelText('Acepto la comparación facial'));
    take('document_front', 'scan.pdf');
    expect(
      await screen.findByText('Envíe una foto (JPEG, PNG, WebP o HEIC), no un PDF ni otro tipo de archivo.'),
    ).toBeTruthy();
    take('document_front');
    await waitFor(() => expect(screen.getByTestId('identity-document_front').dataset.state).toBe('accepted'));
    expect(sent.map((s) => s.fields.attempt)).toEqual(['1', '1']);
  });
  it('a picture the server could not check now says so and goes again as the same try', async () => {
    stubApi({ [`GET /api/v1/public/forms/${CODE}`]: () => json(200, identityForm) });
    const sent = stubMultipart(({ fields }) =>
      sent.length === 1
        ? json(503, { code: 'identity_engine_busy', message: 'x' })
        : json(201, picture(fields.kind as 'selfie')),
    );
    renderApp(`/es/forms/${CODE}`);
    await screen.findByTestId('identity-step', {}, PAGE_LOAD);
    fireEvent.click(screen.getByLabelText('Acepto la comparación facial'));
    take('selfie', 'me.jpg');
    const error = await screen.findByTestId('picture-error');
    expect(error.textContent).toContain('No pudimos revisar la foto en este momento; inténtelo de nuevo.');
    fireEvent.click(within(error).getByRole('button', { name: 'Enviarla de nuevo' }));
    await waitFor(() => expect(screen.getByTestId('identity-selfie').dataset.state).toBe('accepted'));
    expect(sent.map((s) => [s.fields.attempt, s.file?.name])).toEqual([
      ['1', 'me.jpg'],
      ['1', 'me.jpg'],
    ]);
  });
});
