import { expect, test, type Page, type Response } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { requestsInFlight } from './support/in-flight.ts';

/**
 * What a role may not do is not offered. Every screen, opened as every demo role, with each
 * offered action's entry point opened where that is safe: the interface never invites a 403.
 */
const PASSWORD = 'centinela2026';
const ROLES = {
  admin: 'admin@centinela.test',
  support: 'support@centinela.test',
  manager: 'manager@acme.test',
  analyst: 'analyst@acme.test',
  viewer: 'viewer@acme.test',
  'free-plan manager': 'manager@pyme.test',
} as const;

const CSV = 'document_id,name,email\n1234567890,Ana Gómez,ana@example.com\n';

/** An entry point: a button or link that opens a dialog, a menu or another step, and nothing more. */
type Step = (page: Page) => Promise<void>;

const openDialog =
  (name: string | RegExp): Step =>
  async (page) => {
    const button = page.getByRole('button', { name }).first();
    if (!(await button.isVisible()) || !(await button.isEnabled())) return;
    await button.click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };

const followLink =
  (name: string | RegExp): Step =>
  async (page) => {
    const link = page.getByRole('main').getByRole('link', { name, exact: true }).first();
    if (!(await link.isVisible())) return;
    // Wait for the new address: the old page's heading is visible too, and going back before the
    // client-side navigation lands would leave the previous document, racing the next page.goto.
    const from = page.url();
    const href = new URL((await link.getAttribute('href')) ?? '', from).pathname;
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(from);
  };

/** The wizard's first step uploads the file to the server (a job waiting for its reports: nothing is created). */
const uploadCsv: Step = async (page) => {
  const input = page.getByTestId('csv-dropzone').locator('input[type=file]');
  if ((await input.count()) === 0) return;
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/csv'));
  await input.setInputFiles({ name: 'persons.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await answered;
};

/** The first person's flyout, and what it offers. */
const openFlyout: Step = async (page) => {
  const row = page.getByRole('main').getByRole('link').filter({ hasText: /\d{4}/ }).first();
  if (!(await row.isVisible().catch(() => false))) return;
  await row.click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await page.keyboard.press('Escape');
};

const SCREENS: { path: string; steps: Step[] }[] = [
  { path: '/', steps: [openDialog('Add profile'), followLink('Pipelines'), openFlyout] },
  { path: '/persons/co', steps: [openDialog('Add profile'), followLink('Upload CSV')] },
  { path: '/persons/co/upload', steps: [uploadCsv] },
  { path: '/pipelines', steps: [openDialog('Add pipeline')] },
  { path: '/analytics', steps: [] },
  { path: '/monitoring', steps: [] },
  { path: '/sources', steps: [] },
  { path: '/forms', steps: [openDialog('New form link')] },
  { path: '/webhooks', steps: [openDialog('Add endpoint')] },
  { path: '/management/owners', steps: [openDialog('Add owner')] },
  { path: '/management/owners/inactive', steps: [] },
  { path: '/management/users', steps: [openDialog('Add users'), openDialog('Import users')] },
  { path: '/management/audit', steps: [] },
  { path: '/management/retention', steps: [] },
];

for (const [role, email] of Object.entries(ROLES)) {
  test(`[PERMISSIONS]: every screen as ${role} invites no 403`, async ({ page }) => {
    test.setTimeout(120_000);
    await apiSignIn(page, { email, password: PASSWORD });
    const refused: string[] = [];
    let screen = '';
    const onResponse = (response: Response) => {
      if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) {
        refused.push(`${screen}: ${response.request().method()} ${new URL(response.url()).pathname}`);
      }
    };
    page.on('response', onResponse);
    const requests = requestsInFlight(page);
    for (const { path, steps } of SCREENS) {
      screen = path;
      await page.goto(path);
      // Either the screen or the sentence saying the role may not open it.
      await expect(
        page.getByRole('heading', { level: 1 }).or(page.getByText('You do not have permission to do this.')).first(),
      ).toBeVisible({ timeout: 30_000 });
      // Every answer of the screen (and of each step) is in before moving on: a 403 would be seen.
      await requests.settled();
      for (const step of steps) {
        await step(page);
        await requests.settled();
      }
    }
    expect(refused).toEqual([]);
  });
}
