import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';

// The demo manager of Acme (seeded by the server on start).
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

// Signed in through the API (e2e/auth.spec.ts is the one about the sign-in page).
async function signInEn(page: Page, path: string, account: { email: string; password: string }) {
  await apiSignIn(page, account);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function signInEs(page: Page, path: string) {
  await signInEn(page, path, MANAGER);
}

/** What Excel in a Spanish locale saves: semicolons, Windows-1252, CRLF; the third person's email is wrong. */
function spanishCsv(stamp: string): Buffer {
  const rows = [
    'Cédula;Nombre;Teléfono;Correo',
    `${stamp}1;José Peña;+573001234567;jose@example.test`,
    `${stamp}2;María Ñúñez;+573001234568;maria@example.test`,
    `${stamp}3;Luis Ortiz;+573001234569;luis-sin-arroba`,
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
}

test('[CSV]: upload a Spanish semicolon CSV, match columns (with a missing field), import it live and download the failures', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  await signInEs(page, '/es/persons/co');
  await page.getByRole('link', { name: 'Subir CSV' }).click();
  await expect(page).toHaveURL(/\/es\/persons\/co\/upload$/);
  await expect(page.getByRole('heading', { name: /Subir personas desde un archivo CSV/ })).toBeVisible();

  // 1. Upload: the preview shows the accents decoded from Windows-1252.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'candidatos.csv', mimeType: 'text/csv', buffer: spanishCsv(stamp) });
  const preview = page.getByRole('table', { name: 'Vista previa del archivo' });
  await expect(preview).toContainText('María Ñúñez');
  await expect(page.getByText(/3 filas · 4 columnas/)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 2. Reports: advanced mode, one report.
  await page.getByText('Avanzado', { exact: true }).click();
  await page.getByLabel('Antecedentes penales').check();
  await expect(page.getByText(/Se encolarán 3 informes/)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 3. Match: auto-matched; unmatching the document lists it as missing and holds the wizard.
  const documentSelect = page.getByRole('combobox', { name: 'Número de documento', exact: true });
  await expect(documentSelect).toHaveValue('Cédula');
  await documentSelect.click();
  await page.getByRole('option', { name: 'Cédula', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Faltan campos.' })).toContainText('Número de documento');
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await documentSelect.click();
  await page.getByRole('option', { name: 'Cédula', exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // 4. Review: the sample rows checked by the single-person form's rules.
  const sample = page.getByTestId('review-row');
  await expect(sample).toHaveCount(3);
  await expect(sample.nth(2)).toContainText('Ingrese un correo electrónico válido.');
  await page.getByRole('button', { name: 'Iniciar importación' }).click();

  // The job, live: processed, successful, failed; the failure listed by line.
  const progress = page.getByTestId('csv-progress');
  await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(progress.getByRole('heading', { name: 'Importación terminada' })).toBeVisible();
  await expect(progress).toContainText('3 de 3');
  const failure = page.getByTestId('failure-row');
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText('4');
  await expect(failure).toContainText('Ingrese un correo electrónico válido.');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar fallos (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('candidatos-failures.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  ).toEqual(['line,field,code,reason', '4,email,invalid_email,Ingrese un correo electrónico válido.']);

  // The history lists the job; the persons are in the list, created from the file.
  await expect(page.getByRole('table', { name: 'Importaciones anteriores' })).toContainText('candidatos.csv');
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('María Ñúñez');
  await expect(page.getByTestId('profile-row').filter({ hasText: `${stamp}2` })).toHaveCount(1);
});

/** UTF-8 with a BOM, commas, and a quoted city holding a comma and a line break (Excel in English, LibreOffice…). */
function englishCsv(stamp: string, rows: number): Buffer {
  const lines = ['Document,Full name,Email,City'];
  for (let i = 1; i <= rows; i++)
    lines.push(`${stamp}${String(i).padStart(3, '0')},Ana Pérez ${i},ana${i}@example.test,"Medellín,\nAntioquia"`);
  return Buffer.from(`\uFEFF${lines.join('\n')}\n`, 'utf8');
}

test('[CSV]: the wizard in English — a UTF-8 comma file with a multi-line quoted field imports end to end', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  await signInEn(page, '/persons/co/upload', MANAGER);
  await expect(page.getByRole('heading', { name: /Upload persons from a CSV file/ })).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: englishCsv(stamp, 2) });
  await expect(page.getByRole('table', { name: 'File preview' })).toContainText('Ana Pérez 2');
  await expect(page.getByText(/2 rows · 4 columns/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel('Criminal records').check();
  await expect(page.getByText('2 reports will be queued (2 rows × 1 reports).')).toBeVisible();
  // A standard-plan owner is not limited by credits: no cost line.
  await expect(page.getByTestId('csv-credit-cost')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('combobox', { name: 'Document number', exact: true })).toHaveValue('Document');
  await expect(page.getByRole('combobox', { name: 'Name', exact: true })).toHaveValue('Full name');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('review-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByTestId('csv-progress');
  await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(progress.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(progress).toContainText('2 of 2');
  await expect(page.getByTestId('failure-row')).toHaveCount(0);
});

test('[CSV]: a free-plan owner sees what a batch costs in credits, and a batch past the balance is refused before it starts', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  // The free-plan demo owner holds at most its 50 monthly credits: 60 rows of a 1-credit report cannot fit.
  await signInEn(page, '/persons/co/upload', { email: 'manager@pyme.test', password: 'centinela2026' });
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: englishCsv(stamp, 60) });
  await expect(page.getByText(/60 rows · 4 columns/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel('Criminal records').check();
  const cost = page.getByTestId('csv-credit-cost');
  await expect(cost).toContainText('Not enough credits');
  await expect(cost).toContainText('This batch needs 60 credits');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('csv-credit-cost')).toContainText('This batch needs 60 credits');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(
    page.getByText('Not enough credits to run these reports. Upgrade your plan, or wait for the monthly refill.'),
  ).toBeVisible();
  await expect(page.getByTestId('csv-progress')).toHaveCount(0);
});
