import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/sign-in.ts';

// The server loads the shipped snapshots on start (OFAC SDN 2024-03-15, UN, SAT); the newer OFAC
// file is the one platform staff upload here. Entries named below were read from those files:
//   OFAC 15500  "LOPEZ NUNEZ, Damaso" (SDNTK), in both snapshots, the only entry with that name;
//   OFAC 48070  "MARIN GONZALEZ, Porthos", C.U.R.P. MAGP960111HSLRNR03, added in 2024-05-03.
const NEWER_OFAC = new URL('../apps/server/assets/watchlists/ofac-sdn-2024-05-03.csv', import.meta.url);

const TEXT = {
  es: {
    prefix: '/es',
    search: 'Buscar',
    add: 'Agregar perfil',
    created: 'Perfil creado',
    documentId: 'Número de documento',
    name: 'Nombre',
    birthDate: 'Fecha de nacimiento',
    report: 'Listas restrictivas',
    submit: 'Crear perfil',
    flyout: 'Perfil',
    review: 'Pendiente de revisión manual',
    info: 'Informativo',
    passed: 'Aprobado',
    failed: 'No aprobado',
    byName: 'Coincide solo por nombre (posible homónimo)',
    byDocument: 'Coincide por documento',
    list: 'Lista SDN de OFAC (Tesoro de EE. UU.)',
    stale: 'datos de la lista con más de 7 días de antigüedad',
    homonym: 'Homónimo confirmado',
    save: 'Guardar revisión',
    monitor: 'Monitorear en listas restrictivas',
    monitored: '1 persona está monitoreada en las listas restrictivas.',
    monitoring: 'Monitoreo',
    enrolled: 'Personas monitoreadas',
    rowAlert: 'Alerta en listas',
    confirm: 'Es esta persona',
    confirmTitle: '¿Es esta persona?',
    confirmYes: 'Sí, es esta persona',
    reason: 'Motivo',
    confirmed: 'se confirmó que es la persona de la lista',
    reviewedTab: 'Revisadas',
    version2: 'Versión 2 de la lista',
  },
  en: {
    prefix: '',
    search: 'Search',
    add: 'Add profile',
    created: 'Profile created',
    documentId: 'Document number',
    name: 'Name',
    birthDate: 'Birth date',
    report: 'Watch lists',
    submit: 'Create profile',
    flyout: 'Profile',
    review: 'Pending manual review',
    info: 'Info',
    passed: 'Passed',
    failed: 'Failed',
    byName: 'Matched by name only (possible homonym)',
    byDocument: 'Matched by document',
    list: 'OFAC SDN list (U.S. Treasury)',
    stale: 'list data older than 7 days',
    homonym: 'Confirmed homonym',
    save: 'Save review',
    monitor: 'Monitor on watch lists',
    monitored: '1 person is monitored on the watch lists.',
    monitoring: 'Monitoring',
    enrolled: 'Monitored persons',
    rowAlert: 'Watch-list alert',
    confirm: 'It is this person',
    confirmTitle: 'Is it this person?',
    confirmYes: 'Yes, it is this person',
    reason: 'Reason',
    confirmed: 'confirmed as the person listed',
    reviewedTab: 'Reviewed',
    version2: 'Version 2 of the list',
  },
} as const;

/** The languages this spec walks (its texts above). */
type Language = keyof typeof TEXT;
type Person = { name: string; documentId: string; birthDate?: string };

const rows = (page: Page) => page.getByTestId('profile-row');

/** A Mexican candidate (CURP) with the watch-lists report, through the "Add profile" dialog of /persons/mx. */
async function addPerson(page: Page, language: Language, person: Person) {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.add }).click();
  const dialog = page.getByRole('dialog', { name: text.add });
  await dialog.getByLabel(text.documentId).fill(person.documentId);
  await dialog.getByLabel(text.name).fill(person.name);
  if (person.birthDate) await dialog.getByLabel(text.birthDate).fill(person.birthDate);
  await dialog.getByLabel(text.report).check();
  await dialog.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(`${text.created}: ${person.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The one row of the person (searched by their document, unique to the test). */
async function findRow(page: Page, language: Language, documentId: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: TEXT[language].search }).fill(documentId);
  await expect(rows(page)).toHaveCount(1);
  return rows(page).first();
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];
  // Given name first, the way a Latin American name is written; in Spanish with its accents and ñ, in English without.
  const person = {
    es: { name: 'Dámaso López Núñez', documentId: 'LONA800101HDFPXR00' },
    en: { name: 'Damaso Lopez Nunez', documentId: 'LONA800101HDFPXR18' },
  }[language];

  test(`[WATCHLISTS]: screening in ${language} names the OFAC entry of "${person.name}"; ruled out as a homonym, the status follows`, async ({
    page,
  }) => {
    // Screening, the review and the ruling, each waiting on the worker: slow on a busy 2-core machine.
    test.setTimeout(60_000);
    await signIn(page, language, DEMO.analyst, `${text.prefix}/persons/mx`);
    await addPerson(page, language, person);
    const row = await findRow(page, language, person.documentId);
    await expect(row).toContainText(text.review, { timeout: 20_000 });

    await row.getByRole('link', { name: person.name }).click();
    const flyout = page.getByRole('dialog', { name: text.flyout });
    const report = flyout.locator('[data-report-type="watchlists"]');
    const match = report.getByTestId('watchlist-match');
    // The entry as OFAC publishes it (SURNAMES, Given), why it matched, and the publisher's record.
    await expect(match.getByTestId('watchlist-entry-name')).toHaveText('LOPEZ NUNEZ, Damaso');
    await expect(match).toContainText(text.byName);
    await expect(match).toContainText(text.list);
    await expect(match).toContainText('SDNTK');
    await expect(match.getByRole('link')).toHaveAttribute(
      'href',
      'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=15500',
    );
    // The shipped snapshot is older than the lists' allowed age: the report says so rather than pass silently.
    await expect(report.getByTestId('watchlist-stale').first()).toContainText(text.stale);
    await expect(flyout.getByTestId('profile-status')).toHaveText(text.review);

    // Not this person: the name-only match stops counting, and the person's status follows. The stale
    // list's note is no finding: clean against the data of its date.
    await flyout.getByLabel(text.homonym).check();
    await flyout.getByRole('button', { name: text.save }).click();
    await expect(flyout.getByTestId('profile-status')).toHaveText(text.passed);
    // The report and its match agree with the person: the match is marked a homonym, nothing waits for review.
    await expect(report.getByTestId('match-ruling')).toHaveAttribute('data-verdict', 'homonym');
    await expect(report).not.toContainText(text.review);
    await page.keyboard.press('Escape');
    await expect(row).toContainText(text.passed);
  });
}

test('[WATCHLISTS]: a monitored person is named by the newer OFAC list platform staff upload; the alert arrives and is reviewed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A manager in Spanish: a person the newer list adds, by C.U.R.P. (the older list does not name them).
  const es = TEXT.es;
  const porthos = { name: 'Porthos Marín González', documentId: 'MAGP960111HSLRNR03', birthDate: '1996-01-11' };
  await signIn(page, 'es', DEMO.manager, '/es/persons/mx');
  await addPerson(page, 'es', porthos);
  const row = await findRow(page, 'es', porthos.documentId);
  // Screened against 2024-03-15: no match, clean against the stale list's data (a note, not a finding).
  await expect(row).toContainText(es.passed, { timeout: 20_000 });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: es.monitor }).click();
  await expect(page.getByText(es.monitored)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: es.monitoring })
    .click();
  await expect(page.getByRole('heading', { name: es.monitoring, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: es.enrolled }).getByRole('link', { name: porthos.name })).toBeVisible();
  await expect(page.getByTestId('watchlist-alert').filter({ hasText: porthos.name })).toHaveCount(0);

  // Platform staff, in English, upload the newer OFAC file on the sources page.
  const staff = await browser.newPage();
  await signIn(staff, 'en', DEMO.admin, '/sources');
  const ofac = staff.getByRole('region', { name: TEXT.en.list });
  await expect(ofac.getByTestId('watchlist-current-version')).toContainText('1 (Shipped snapshot)');
  await ofac
    .locator('input[type=file]')
    .setInputFiles({ name: 'sdn.csv', mimeType: 'text/csv', buffer: await readFile(NEWER_OFAC) });
  await expect(ofac.getByTestId('watchlist-upload-result')).toContainText(
    /^Version 2 loaded: [\d,]+ entries, 514 added/,
    { timeout: 60_000 },
  );
  await expect(ofac.getByTestId('watchlist-current-version')).toContainText('2 (Upload)');
  await staff.close();

  // The manager's monitoring page hears of the alert (realtime), with why the entry is this person.
  const alert = page.getByTestId('watchlist-alert').filter({ hasText: porthos.name });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert.getByTestId('watchlist-entry-name')).toHaveText('MARIN GONZALEZ, Porthos');
  await expect(alert).toContainText(es.byDocument);
  await expect(alert).toContainText('MAGP960111HSLRNR03');
  await expect(page.getByTestId('open-alerts-count')).toBeVisible();

  // The alert opens the person: their watch-lists report now fails them by document, found by version 2.
  await alert.getByRole('link', { name: porthos.name }).click();
  const flyout = page.getByRole('dialog', { name: es.flyout });
  await expect(flyout.getByTestId('profile-status')).toHaveText(es.failed);
  const report = flyout.locator('[data-report-type="watchlists"]');
  await expect(
    report.getByTestId('finding').getByTestId('watchlist-match').filter({ hasText: es.byDocument }),
  ).toContainText(es.version2);
  // The open alert is there too, to review from the flyout.
  await expect(
    report.getByTestId('watchlist-alert').getByRole('button', { name: `${es.confirm}: MARIN GONZALEZ, Porthos` }),
  ).toBeVisible();
  // Behind it, the persons list flags the person.
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
  const flagged = await findRow(page, 'es', porthos.documentId);
  await expect(flagged).toContainText(es.rowAlert);
  await expect(flagged).toContainText(es.failed);

  // Reviewed as the person listed: the alert leaves the ones to review.
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: es.monitoring })
    .click();
  await alert.getByRole('button', { name: `${es.confirm}: MARIN GONZALEZ, Porthos` }).click();
  // "It is this person" asks first, with the reason kept on the record.
  const ask = page.getByRole('dialog', { name: es.confirmTitle });
  await ask.getByRole('textbox', { name: es.reason }).fill('Misma CURP y fecha de nacimiento');
  await ask.getByRole('button', { name: es.confirmYes }).click();
  await expect(page.getByText(es.confirmed)).toBeVisible();
  await expect(alert).toHaveCount(0);
  await page.getByText(es.reviewedTab, { exact: true }).click();
  await expect(page.getByTestId('watchlist-alert').filter({ hasText: porthos.name })).toBeVisible();
});
