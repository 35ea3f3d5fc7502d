import { expect, test, type Page } from '@playwright/test';
import { MAINTENANCE_URL } from './support/servers.ts';

// The demo tenant seeded by the server on start (apps/server/src/seed).
const ANALYST = { email: 'analyst@acme.test', password: 'centinela2026' };

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(ANALYST.email);
  await page.getByLabel('Password', { exact: true }).fill(ANALYST.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('[SHELL]: a deep link to a protected page survives the sign-in round trip', async ({ page }) => {
  await page.goto('/persons/co#reports');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpersons%2Fco%23reports$/);
  await signIn(page);

  await expect(page.getByRole('heading', { name: 'Persons in Colombia' })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/persons/co#reports');
  await expect(page).toHaveTitle('Dashboard');

  // The navbar: main links, an empty metrics slot, and the user's menu.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }),
  ).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Metrics' })).toBeAttached();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(ANALYST.email)).toBeVisible();
  await page.keyboard.press('Escape');

  // The language switch keeps the page.
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/persons\/co#reports$/);
  await expect(page.getByRole('heading', { name: 'Personas en Colombia' })).toBeVisible();
  // Portuguese, the third language, under /pt with Brazil's language tag.
  await page.getByRole('link', { name: 'Português' }).click();
  await expect(page).toHaveURL(/\/pt\/persons\/co#reports$/);
  await expect(page.getByRole('heading', { name: 'Pessoas — Colômbia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

test('[SHELL]: sign-in refuses an off-site redirect', async ({ page }) => {
  await page.goto('/login?redirect=https://evil.example');
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.origin).not.toContain('evil.example');
  expect(url.pathname).toBe('/');

  // Hovering a link loads the page's code before the click.
  const chunk = page.waitForRequest(/\/assets\/persons-country-[\w-]+\.js$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Persons' }).hover();
  await chunk;
});

test('[SHELL]: /es pages speak Spanish, and the locale cookie redirects only the root', async ({ page }) => {
  await page.goto('/es/forms/abc123');
  await expect(page.getByRole('heading', { name: 'Formulario', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Verificación de identidad/);

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/forms\/abc123$/);
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/forms\/abc123$/);

  // The cookie now says Spanish: the root follows it, any other English page does not.
  await page.goto('/');
  await expect(page).toHaveURL(/\/es\/login$/);
  await page.goto('/forms');
  await expect(page.getByRole('heading', { name: 'Form', exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/forms');
});

test('[SHELL]: unknown routes show the 404 page in both languages', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

  await page.goto('/es/nada/aqui');
  await expect(page.getByRole('heading', { name: 'No se pudo encontrar esta página' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/es\/login$/);
});

test('[SHELL]: a page whose check fails (unknown country) is the 404 page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/persons/zz');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});

test('[SHELL]: a failing page chunk reloads once, and not twice within 60 s', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.route('**/assets/persons-country-*.js', (route) => route.abort());
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.goto('/persons/co');
  // The first failure reloads the page; the second, within 60 s, shows the error page instead.
  await expect(page.getByText('Status 500')).toBeVisible();
  expect(loads).toBe(2);
  expect(await page.evaluate(() => window.sessionStorage.getItem('centinela:chunk-reload-at'))).toMatch(/^\d+$/);
});

test('[SHELL]: maintenance mode shows the maintenance page on every page', async ({ page }) => {
  const pages: [string, string][] = [
    ['/', 'The dashboard is being updated, back momentarily.'],
    ['/persons/co', 'The dashboard is being updated, back momentarily.'],
    ['/no/such/page', 'The dashboard is being updated, back momentarily.'],
    ['/es/login', 'El panel se está actualizando, volvemos en un momento.'],
  ];
  for (const [path, text] of pages) {
    await page.goto(MAINTENANCE_URL + path);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByRole('button', { name: /Sign in|Iniciar sesión/ })).toHaveCount(0);
  }
});
