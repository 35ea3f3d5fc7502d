import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { requestsInFlight } from './support/in-flight.ts';

// The demo tenant seeded by the server on start (apps/server/src/seed): persons and reports over 90 days.
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('[METRICS]: the sign-in page loads neither the analytics page nor the chart library', async ({ page }) => {
  // URLs only: a body read in the handler may still be pending when the test ends (a chunk loaded after paint).
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  const requests = requestsInFlight(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await requests.settled();
  const scripts = await Promise.all([...urls].map(async (url) => (await page.request.get(url)).text()));
  expect(scripts.length).toBeGreaterThan(0);
  // Whatever the chunking, recharts' class names and the analytics screen's keys appear only in their own chunks.
  expect(scripts.filter((text) => text.includes('recharts-') || text.includes('metrics.analytics.turnaround'))).toEqual(
    [],
  );
});

test('[METRICS]: a manager opens analytics in English: navbar figures, charts, a table view', async ({ page }) => {
  await apiSignIn(page, MANAGER);
  await page.goto('/');
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics.getByTestId('navbar-metric')).toHaveCount(5);
  await expect(metrics.getByLabel(/^Passed: [\d,]+$/)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  const volume = section(page, 'Persons and reports');
  await expect(volume.locator('.recharts-surface').first()).toBeVisible();
  await expect(volume.locator('.recharts-area').first()).toBeVisible();
  await expect(section(page, 'Status of persons').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(section(page, 'Turnaround time').locator('.recharts-bar-rectangle').first()).toBeVisible();

  const statuses = section(page, 'Status of persons');
  await statuses.getByText('Table', { exact: true }).click();
  await expect(statuses.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(statuses.getByRole('row')).not.toHaveCount(1);

  const download = page.waitForEvent('download');
  await statuses.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('statuses.csv');

  // Weekly buckets: fewer points, same chart.
  await page.getByText('Week', { exact: true }).click();
  await volume.getByText('Table', { exact: true }).click();
  await expect(volume.getByRole('columnheader', { name: 'Week of' })).toBeVisible();
});

test('[METRICS]: a manager opens analytics in Spanish and the charts render', async ({ page }) => {
  await apiSignIn(page, MANAGER);
  await page.goto('/es/analytics');
  await expect(page.getByRole('heading', { name: 'Analítica', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Métricas' }).getByLabel(/^Aprobados: [\d.]+$/)).toBeVisible();
  await expect(section(page, 'Personas y informes').locator('.recharts-area').first()).toBeVisible();
  await expect(section(page, 'Estado de las personas').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(section(page, 'Revisión manual')).toContainText('de los informes necesitó revisión manual');
});
