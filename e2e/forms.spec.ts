import { expect, test } from '@playwright/test';

// The demo manager of Acme (seeded by the server on start).
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };
/** A 1×1 PNG: the candidate attaches it as their document. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('[FORMS]: staff create a link, a candidate fills it in Spanish on a phone, the staff page shows the person live', async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const candidateName = `Lucía Pérez ${stamp}`;

  // Staff: sign in, open the forms page from the navigation, create a multi-use link for a pipeline.
  await page.goto(`/login?redirect=${encodeURIComponent('/')}`);
  await page.getByLabel('Email').fill(MANAGER.email);
  await page.getByLabel('Password', { exact: true }).fill(MANAGER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Data-collection forms' })).toBeVisible();
  await page.getByRole('button', { name: 'New form link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New form link' });
  await dialog.getByLabel(/^Pipeline/).click();
  await page.getByRole('option', { name: /^Conductores CO/ }).click();
  await dialog.getByLabel('Name (optional)').fill(`Conductores ${stamp}`);
  await dialog.getByRole('button', { name: 'Create link' }).click();

  // The new link opens in its QR dialog with the address to send.
  const qr = page.getByRole('dialog', { name: 'Form link' });
  await expect(qr.locator('svg title')).toHaveText('QR code of the form link');
  const url = (await qr.getByTestId('form-link-url').textContent())!.trim();
  expect(url).toMatch(/\/forms\/[a-z2-9]{20}$/);
  await page.keyboard.press('Escape');
  const card = page.getByTestId(`form-link-${url.split('/').pop()}`);
  await expect(card).toContainText('0 submissions');

  // The candidate: a phone-sized browser of their own, no session; they switch the page to Spanish.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const candidate = await phone.newPage();
  await candidate.goto(url);
  await candidate.getByRole('link', { name: 'Español' }).click();
  await expect(candidate).toHaveURL(/\/es\/forms\//);
  await expect(candidate.getByText(/Acme Seguridad S\.A\. le pide completar este formulario/)).toBeVisible();

  // Errors show before anything is sent: the required fields and the consent.
  await candidate.getByRole('button', { name: 'Enviar' }).click();
  await expect(candidate.getByText('Debe aceptar la autorización para continuar.')).toBeVisible();

  await candidate.getByLabel('Nombre completo').fill(candidateName);
  await candidate.getByLabel('Número de documento').fill(`10203${stamp}`);
  const issueDate = candidate.getByLabel('Fecha de expedición del documento');
  if (await issueDate.isVisible()) await issueDate.fill('2015-03-02');
  // The prefix is Colombia's by default; a number without it would be refused.
  await expect(candidate.getByRole('combobox', { name: 'Prefijo' })).toHaveValue(/\+57/);
  await candidate.getByLabel('Teléfono móvil').fill('300 123 4567');
  await candidate.locator('input[type=file]').setInputFiles({ name: 'cedula.png', mimeType: 'image/png', buffer: PNG });
  await expect(candidate.getByText('cedula.png')).toBeVisible();
  await expect(candidate.getByTestId('consent-text')).toContainText('Autorizo a Acme Seguridad S.A.');
  await candidate.getByLabel('He leído y acepto esta autorización').check();
  await candidate.getByRole('button', { name: 'Enviar' }).click();
  await expect(candidate.getByText('¡Gracias!')).toBeVisible();
  // Nothing on the phone page is wider than the screen.
  expect(await candidate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Staff: the person appears on the open page without a reload.
  await expect(card).toContainText(candidateName);
  await expect(card).toContainText('1 submission');

  // Revoked, the same link tells the candidate the form is no longer valid.
  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(card).toContainText('Revoked');
  await candidate.reload();
  await expect(candidate.getByRole('alert')).toContainText('El formulario ya no es válido.');
  await phone.close();

  // The person opens from the card, created as `form`, with the candidate's document attached.
  await card.getByRole('link', { name: candidateName }).click();
  const flyout = page.getByRole('dialog');
  await expect(flyout).toContainText(candidateName);
  await expect(flyout.getByRole('button', { name: 'cedula.png' })).toBeVisible();
});
