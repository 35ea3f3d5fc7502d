import { expect, test, type Page } from '@playwright/test';

// The demo tenant seeded by the server on start (apps/server/src/db/seed).
const ANALYST = { email: 'analyst@acme.test', password: 'centinela2026', owner: 'Acme Seguridad S.A.' };

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('auth._token.local'));

test('[AUTH]: signs in as the demo analyst', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Dashboard');

  await signIn(page, ANALYST.email, ANALYST.password);
  await expect(page.getByText(ANALYST.email)).toBeVisible();
  await expect(page.getByText(ANALYST.owner)).toBeVisible();
  await expect(page.getByText('Analyst', { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await storedToken(page)).toMatch(/^Bearer \S+$/);

  await page.reload();
  await expect(page.getByText(ANALYST.email)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH]: wrong password shows the error', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, ANALYST.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH]: /es shows sign-in in Spanish, and the switcher keeps the page', async ({ page }) => {
  await page.goto('/es');
  await expect(page).toHaveURL(/\/es\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
