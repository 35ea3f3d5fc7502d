import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { choose } from './support/choose.ts';

// The demo tenant seeded by the server on start (apps/server/src/seed): ~240 acme persons, every status.
const ANALYST = { email: 'analyst@acme.test', password: 'centinela2026' };

// Signed in through the API (e2e/auth.spec.ts is the one about the sign-in page).
async function signInEs(page: Page, path = '/es') {
  await apiSignIn(page, ANALYST);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('profile-row');

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

test('[PROFILES]: create a candidate in Spanish, watch its reports finish, export and delete it', async ({ page }) => {
  const name = `Prueba E2E ${Date.now()}`;
  await signInEs(page);
  await expect(page.getByRole('heading', { name: 'Personas', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar perfil' });
  await choose(dialog, 'País', 'Colombia');
  await dialog.getByLabel('Número de documento').fill('123');
  await dialog.getByLabel('Nombre').click();
  // Advisory only: the hint shows and the form still submits once the rest is valid.
  await expect(dialog.getByTestId('document-hints')).toContainText('demasiado corto');
  await dialog.getByLabel('Número de documento').fill('1020304050');
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Teléfono').fill('3001234567');
  await dialog.getByLabel('Teléfono').blur();
  await expect(dialog.getByText('prefijo del país, empezando por +')).toBeVisible();
  await dialog.getByLabel('Teléfono').fill('+57 300 123 4567');
  await dialog.getByLabel('Antecedentes penales').check();
  await dialog.getByLabel('Búsqueda en noticias').check();
  await dialog.getByRole('button', { name: 'Crear perfil' }).click();
  await expect(page.getByText(`Perfil creado: ${name}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new person is in the list; its reports finish without a reload (live updates).
  await search(page, name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).not.toContainText('Pendiente', { timeout: 20_000 });

  await rows(page).first().getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/es\/persons\/[0-9a-f-]{36}\?q=/);
  const flyout = page.getByRole('dialog', { name: 'Perfil' });
  await expect(flyout.getByRole('heading', { name })).toBeVisible();
  await expect(flyout.getByTestId('report')).toHaveCount(2);
  await expect(flyout.getByRole('heading', { name: 'Antecedentes penales' })).toBeVisible();
  await expect(flyout.getByTestId('report').filter({ hasText: 'Pendiente' })).toHaveCount(0);
  await expect(flyout.getByRole('button', { name: 'Imprimir / guardar como PDF' })).toBeVisible();

  // Re-run one report: the server takes it back, and it finishes again by itself.
  const rerun = page.waitForResponse((r) => r.url().endsWith('/rerun') && r.request().method() === 'POST');
  await flyout.getByTestId('report').first().getByRole('button', { name: 'Volver a ejecutar' }).click();
  expect((await rerun).status()).toBe(200);
  await expect(flyout.getByTestId('report').filter({ hasText: 'Pendiente' })).toHaveCount(0, { timeout: 20_000 });

  // A deep link opens the same flyout.
  const personUrl = page.url();
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Perfil' }).getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar perfil' }).click();
  await expect(page).toHaveURL(/\/es\?q=/);
  expect(personUrl).toContain('/es/persons/');

  // Select it and export the selection.
  await rows(page).first().getByRole('checkbox').check();
  await expect(page.getByText('1 seleccionada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Exportar selección' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Archivo CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Delete it, after confirming.
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar personas' });
  await expect(confirm).toContainText('¿Eliminar 1 persona y');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('1 persona eliminada.')).toBeVisible();
  await expect(page.getByText('Ninguna persona coincide')).toBeVisible();
});

test('[PROFILES]: approve a person after manual review', async ({ page }) => {
  await signInEs(page, '/es/persons/co?status=PENDING_MANUAL_REVIEW');
  await expect(page.getByRole('heading', { name: 'Personas en Colombia' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // The table is virtualised: aria-rowcount (the header row plus every matching person) counts them all.
  const table = page.getByRole('table', { name: 'Personas' });
  const before = Number(await table.getAttribute('aria-rowcount'));
  const name = (await rows(page).first().getByRole('link').textContent()) ?? '';
  await rows(page).first().getByRole('link').click();
  const flyout = page.getByRole('dialog', { name: 'Perfil' });
  await expect(flyout.getByTestId('profile-status')).toHaveText('Pendiente de revisión manual');
  await expect(flyout.getByText('Coincide solo por nombre (posible homónimo)').first()).toBeVisible();
  await flyout.getByLabel('Comentario', { exact: true }).fill('Homónimo verificado por teléfono.');
  await flyout.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Perfil aprobado.')).toBeVisible();
  await expect(flyout.getByTestId('profile-status')).not.toHaveText('Pendiente de revisión manual');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/es\/persons\/co\?status=PENDING_MANUAL_REVIEW$/);
  await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
  await expect(table).toHaveAttribute('aria-rowcount', String(before - 1));
});

test('[PROFILES]: filter by status, select all matching and export them as XLSX', async ({ page }) => {
  await signInEs(page);
  // The filters are our own selects (apps/web/src/components/ui/select.tsx): a click opens the list, a
  // focus lands on the field.
  await expect(rows(page).first()).toBeVisible();
  await page.getByLabel('Origen', { exact: true }).click();
  await page.getByRole('option', { name: 'Formulario' }).click();
  await expect(page).toHaveURL(/createdAs=form/);
  await page.getByLabel('Flujo', { exact: true }).focus();
  const pipelines = page.getByRole('combobox', { name: 'Flujo', exact: true });
  await expect(pipelines).toBeFocused();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).not.toHaveURL(/createdAs=/);
  await page
    .getByRole('group', { name: 'Filtrar por estado' })
    .getByText(/^Aprobado · /)
    .click();
  await expect(page).toHaveURL(/status=PASSED/);
  await expect(rows(page).first()).toBeVisible();
  // Virtualised: of the first page's 50 rows only those in the window (and a few more) are in the page.
  expect(await rows(page).count()).toBeLessThan(50);
  await page.getByRole('checkbox', { name: 'Seleccionar las filas cargadas' }).check();
  await expect(page.getByText('50 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: /^Seleccionar las \d+ que coinciden$/ }).click();
  await expect(page.getByText(/^Seleccionadas las \d+ personas que coinciden$/)).toBeVisible();
  await page.getByRole('button', { name: 'Exportar selección' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Archivo de Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Scrolling to the end of the loaded rows fetches the next keyset page (infinite scroll); the filter
  // survives a reload (it lives in the URL).
  await page.keyboard.press('Escape');
  const next = page.waitForResponse((r) => r.url().includes('/api/v1/profiles?') && r.url().includes('cursor='));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect((await next).status()).toBe(200);
  await page.mouse.wheel(0, 800);
  const lastRendered = () =>
    page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('[data-testid="profile-row"]')].map((r) =>
          Number(r.getAttribute('aria-rowindex')),
        ),
      ),
    );
  // aria-rowindex counts the header as row 1: above 51 is a row of the second page.
  await expect.poll(lastRendered).toBeGreaterThan(51);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Filtrar por estado' }).getByRole('checkbox', { name: /^Aprobado · / }),
  ).toBeChecked();
});

test('[PROFILES]: a manager creates, renames and deletes a pipeline, then uses it for a candidate', async ({
  page,
}) => {
  const name = `E2E ${Date.now() % 1_000_000}`;
  await page.goto('/login?redirect=%2Fpipelines');
  await page.getByLabel('Email').fill('manager@acme.test');
  await page.getByLabel('Password', { exact: true }).fill(ANALYST.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Pipelines', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add pipeline' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pipeline' });
  await dialog.getByLabel('Name').fill('A name far longer than 21');
  await dialog.getByLabel('Name').blur();
  await expect(dialog.getByText('The name may have at most 21 characters.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await choose(dialog, 'Country', 'Colombia');
  await dialog.getByLabel('Criminal records').check();
  await dialog.getByLabel('News search').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Pipeline saved.')).toBeVisible();
  const row = page.getByTestId('pipeline-row').filter({ hasText: name });
  await expect(row).toContainText('Criminal records and News search');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('dialog', { name: 'Edit pipeline' }).getByLabel('Name').fill(`${name} v2`);
  await page.getByRole('dialog', { name: 'Edit pipeline' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pipeline-row').filter({ hasText: `${name} v2` })).toBeVisible();

  // The pipeline is offered when adding a Colombian candidate.
  await page.goto('/persons/co');
  await page.getByRole('button', { name: 'Add profile' }).click();
  const add = page.getByRole('dialog', { name: 'Add profile' });
  await add.getByText('Use a pipeline').click();
  await add.getByRole('combobox', { name: 'Pipeline', exact: true }).click();
  await expect(page.getByRole('option', { name: `${name} v2` })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/pipelines');
  await page.getByRole('button', { name: `Delete ${name} v2` }).click();
  await page.getByRole('dialog', { name: 'Delete pipeline' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Pipeline deleted.')).toBeVisible();
  await expect(page.getByTestId('pipeline-row').filter({ hasText: name })).toHaveCount(0);
});

// At 1440 px the status chip and the date were cut ("PENDING MANUAL RE…", "Nov 25, 2026, 5:4…").
// Columns size to their content; what a column may cut (name, contact, country) shows whole on hover.
for (const { lang, prefix, longest } of [
  { lang: 'English', prefix: '', longest: 'Pending manual review' },
  { lang: 'Spanish', prefix: '/es', longest: 'Pendiente de revisión manual' },
]) {
  test(`[PROFILES]: at 1440 px no status or date is cut, and a cut name shows whole on hover (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // The longest status label, in every row, beside the dates.
    const list = `${prefix}/?status=PENDING_MANUAL_REVIEW`;
    await page.goto(`${prefix}/login?redirect=${encodeURIComponent(list)}`);
    await page.locator('input[type="email"]').fill(ANALYST.email);
    await page.locator('input[type="password"]').fill(ANALYST.password);
    await page.locator('button[type="submit"]').click();
    await expect(rows(page).first()).toBeVisible();
    const cells = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => {
        const tds = [...tr.querySelectorAll('td')];
        // Cut: the cell, or anything in it, holds more than it shows (an ellipsis, or content past its edge).
        const cut = (cell: Element) =>
          [cell, ...cell.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth);
        const name = tds[1]!.querySelector('a')!;
        return {
          status: tds[4]!.querySelector('span')!.textContent,
          statusCut: cut(tds[4]!),
          date: tds[6]!.textContent,
          dateCut: cut(tds[6]!),
          nameTitle: name.getAttribute('title') === name.textContent,
        };
      }),
    );
    expect(cells.length).toBeGreaterThan(5);
    expect(cells.filter((c) => c.statusCut || c.dateCut)).toEqual([]);
    expect(cells.every((c) => c.nameTitle)).toBe(true);
    expect(cells.map((c) => c.status)).toContain(longest);
  });
}
