import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/sign-in.ts';

/** A 1×1 PNG: the document the candidate attaches to their correction. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// A candidate fills Acme's form in Spanish on a phone, opens their own page from the thank-you
// screen and asks for a correction with a document; a reviewer sees the task on the person with its
// deadline and answers it; the candidate, reloading their page, reads the answer.
test('[CANDIDATE]: a correction asked in Spanish is answered by a reviewer and read by the candidate', async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const name = `Camila Rojas ${stamp}`;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const candidate = await phone.newPage();
  await candidate.goto('/es/forms/acme-co-2Xk9Qm');
  await candidate.getByLabel('Nombre completo').fill(name);
  await candidate.getByLabel('Número de documento').fill(`52${stamp}11`);
  for (const [label, value] of [
    ['Fecha de expedición del documento', '2015-03-02'],
    ['Fecha de nacimiento', '1990-04-12'],
  ] as const) {
    const field = candidate.getByLabel(label);
    if (await field.isVisible()) await field.fill(value);
  }
  await candidate.getByLabel('Teléfono móvil').fill('300 765 4321');
  await candidate.getByLabel('He leído y acepto esta autorización').check();
  await candidate.getByRole('button', { name: 'Enviar' }).click();
  await expect(candidate.getByText('¡Gracias!')).toBeVisible();

  // Their own page, in the language they used: how far the check has come, no findings.
  await candidate.getByRole('link', { name: 'Abrir su página' }).click();
  await expect(candidate).toHaveURL(/\/es\/candidate\/[a-z2-9]{20}$/);
  await expect(candidate.getByRole('heading', { name: 'Su verificación de antecedentes' })).toBeVisible();
  await expect(candidate.getByText(`${name}, esta es su página`)).toBeVisible();
  await candidate.getByLabel(/Qué está mal/).fill('Mi fecha de nacimiento es 12 de abril de 1990, no 4 de diciembre.');
  await candidate
    .locator('input[type=file]')
    .setInputFiles({ name: 'registro.png', mimeType: 'image/png', buffer: PNG });
  await expect(candidate.getByText('registro.png')).toBeVisible();
  await candidate.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(candidate.getByText('Su solicitud fue enviada. La respuesta aparecerá arriba.')).toBeVisible();
  const asked = candidate.getByTestId('privacy-request');
  await expect(asked).toContainText('Abierta');
  await expect(asked).toContainText('respuesta a más tardar el');
  expect(await candidate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The reviewer finds the person and the task on them, with its deadline, and answers it.
  await signIn(page, 'en', DEMO.analyst, `/persons/co?q=${encodeURIComponent(name)}`);
  await page.getByTestId('profile-row').filter({ hasText: name }).getByRole('link').click();
  const flyout = page.getByRole('dialog', { name: 'Profile' });
  const panel = flyout.getByTestId('privacy-panel');
  const task = panel.getByTestId('privacy-request');
  await expect(task).toContainText('Mi fecha de nacimiento es 12 de abril de 1990');
  await expect(task).toContainText('Attached: registro.png');
  await expect(task).toContainText('answer due by');
  await panel.getByRole('button', { name: 'Answer' }).click();
  await panel.getByLabel(/Answer to the candidate/).fill('Corregimos su fecha de nacimiento: 12 de abril de 1990.');
  await panel.getByRole('button', { name: 'Send the answer' }).click();
  await expect(task).toContainText('Resolved');
  await expect(panel.getByRole('button', { name: 'Answer' })).toHaveCount(0);

  // The candidate reads the answer on their page.
  await candidate.reload();
  const answered = candidate.getByTestId('privacy-request');
  await expect(answered).toContainText('Resuelta');
  await expect(answered.getByTestId('privacy-resolution')).toContainText(
    'Corregimos su fecha de nacimiento: 12 de abril de 1990.',
  );
  await phone.close();
});
