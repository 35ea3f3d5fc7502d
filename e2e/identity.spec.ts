import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  colombianPayload,
  face,
  mrzPicture,
  pdf417Picture,
  spoil,
} from '../apps/server/test/identity-check/documents.ts';
import { apiSignIn } from './support/api-sign-in.ts';

const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };
const ANALYST = { email: 'analyst@acme.test', password: 'centinela2026' };

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.ok()).toBe(true);
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

/**
 * A candidate in Spanish on a phone sends their document and selfies through the form, is
 * asked to take a blurred back again, succeeds; an analyst then reviews the identity report in the
 * flyout in Portuguese. The document is drawn here with the engine tests' generators (a card with a
 * real portrait, a cédula's PDF417 on the back): nothing comes from the internet.
 */
test('[IDENTITY]: a candidate sends document and selfies from a phone in Spanish; an analyst reviews in Portuguese', async ({
  page,
  browser,
  request,
}) => {
  // The engine reads each picture in a worker (a few seconds each on a busy machine), then the job runs.
  test.setTimeout(300_000);
  const stamp = String(Date.now()).slice(-6);
  const number = `10${stamp}55`;
  // The document says "LUCIA PEREZ"; the form gets two more words: the name matches only in part (review).
  const name = `Lucía María Pérez Gómez`;
  const front = await mrzPicture([' '], { portrait: face('obama') });
  const back = await pdf417Picture(
    colombianPayload({
      number,
      surname1: 'PEREZ',
      surname2: '',
      name1: 'LUCIA',
      name2: '',
      sex: 'F',
      birth: '19900504',
      blood: 'O+',
    }),
  );
  const blurredBack = await spoil(back, { blur: 8 });
  const jpeg = (n: string, buffer: Buffer) => ({ name: n, mimeType: 'image/png', buffer });

  // The manager's pipeline with the identity report, and a form link in Spanish.
  const manager = await bearer(request, MANAGER);
  const pipeline = await request.post('/api/v1/pipelines', {
    headers: { authorization: manager },
    data: { name: `Identidad ${stamp}`, country: 'co', reportTypes: ['identity_document'] },
  });
  expect(pipeline.status(), await pipeline.text()).toBe(201);
  const link = await request.post('/api/v1/forms', {
    headers: { authorization: manager },
    data: {
      pipelineId: ((await pipeline.json()) as { id: string }).id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      locale: 'es',
    },
  });
  expect(link.status(), await link.text()).toBe(201);
  const { code } = (await link.json()) as { code: string };

  // The candidate, on a 360 px phone.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const candidate = await phone.newPage();
  await candidate.goto(`/es/forms/${code}`);
  const step = candidate.getByTestId('identity-step');
  await expect(step.getByRole('heading', { name: 'Su documento de identidad y una selfie' })).toBeVisible();
  await candidate.getByLabel('Nombre completo').fill(name);
  await candidate.getByLabel('Número de documento').fill(number);
  // The face comparison's own consent comes before any picture.
  await expect(step.getByRole('button', { name: 'Tomar la foto: Frente del documento' })).toBeDisabled();
  await step.getByLabel('Acepto la comparación facial').check();

  const slot = (kind: string) => candidate.getByTestId(`identity-${kind}`);
  const take = (kind: string, file: ReturnType<typeof jpeg>) =>
    slot(kind).locator('input[type=file]').setInputFiles(file);
  await take('document_front', jpeg('frente.png', front));
  await expect(slot('document_front')).toHaveAttribute('data-state', 'accepted', { timeout: 60_000 });
  // A blurred back: asked again, saying what to do, in Spanish.
  await take('document_back', jpeg('reverso.png', blurredBack));
  await expect(slot('document_back').getByTestId('picture-problems')).toContainText(
    'No se puede leer el código del documento',
    { timeout: 60_000 },
  );
  await expect(slot('document_back')).toContainText('Le quedan 2 intentos');
  await take('document_back', jpeg('reverso-2.png', back));
  await expect(slot('document_back')).toHaveAttribute('data-state', 'accepted', { timeout: 60_000 });
  await take('selfie', jpeg('selfie.jpg', face('obama')));
  await expect(slot('selfie')).toHaveAttribute('data-state', 'accepted', { timeout: 60_000 });
  await expect(slot('turned_selfie')).toContainText('Una selfie girando la cabeza hacia su');
  await take('turned_selfie', jpeg('selfie-2.jpg', face('obama2')));
  await expect(slot('turned_selfie')).toHaveAttribute('data-state', 'accepted', { timeout: 60_000 });
  await candidate.getByLabel('He leído y acepto esta autorización').check();
  await candidate.getByRole('button', { name: 'Enviar' }).click();
  await expect(candidate.getByText('¡Gracias!')).toBeVisible();
  await phone.close();

  // The analyst, in Portuguese: the person, their identity report once checked, and a decision.
  const analyst = await bearer(request, ANALYST);
  const found = await request.get(`/api/v1/profiles?country=co&q=${encodeURIComponent(number)}`, {
    headers: { authorization: analyst },
  });
  const id = ((await found.json()) as { items: { id: string }[] }).items[0]!.id;
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/v1/profiles/${id}/identity`, { headers: { authorization: analyst } })
          ).json()) as { status: string | null }
        ).status,
      { timeout: 180_000 },
    )
    .toBe('PENDING_MANUAL_REVIEW');
  await page.setViewportSize({ width: 390, height: 844 });
  await apiSignIn(page, ANALYST);
  await page.goto(`/pt/persons/co/${id}`);
  const panel = page.getByTestId('identity-panel');
  await expect(panel.getByRole('img', { name: 'Documento (frente)' })).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Selfie', exact: true })).toBeVisible();
  const nameRow = panel.getByRole('table', { name: 'O que o documento diz' }).getByRole('row', { name: /Nome/ });
  await expect(nameRow).toContainText(name);
  await expect(nameRow).toContainText('LUCIA PEREZ');
  await expect(panel.locator('[data-testid=identity-check][data-check=name]').first()).toContainText(
    'Confere só em parte',
  );
  await panel.getByRole('button', { name: 'Aprovar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aprovar esta verificação de identidade?' });
  await dialog.getByLabel(/Motivo/).fill('Segundo nome e sobrenome materno ausentes no documento; rosto confere.');
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(panel.getByTestId('identity-reviewed')).toContainText('Aprovado por analyst@acme.test');
  // Nothing on the phone page is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
