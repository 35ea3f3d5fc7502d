import { expect, test, type Page } from '@playwright/test';

// The demo tenant seeded by the server on start (apps/server/src/seed).
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
  // Who is signed in: the account menu (no "Welcome" card below the list, #22).
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(ANALYST.email)).toBeVisible();
  await expect(menu.getByText(`${ANALYST.owner} · Analyst`)).toBeVisible();
  await page.keyboard.press('Escape');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await storedToken(page)).toMatch(/^Bearer \S+$/);

  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(ANALYST.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
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

test('[AUTH]: a page load of /login is the sign-in page alone; signing in there starts the app at the page asked for', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/es/login?redirect=%2Fes%2Fpersons%2Fco');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Dashboard');
  // Its own small bundle (apps/web/sign-in.html): not the app's shell (router, TanStack Query).
  expect(scripts.some((p) => /\/assets\/sign-in-[\w-]+\.js$/.test(p))).toBe(true);
  expect(scripts.filter((p) => /\/assets\/(shell|index)-[\w-]+\.js$/.test(p))).toEqual([]);

  // A wrong password is said on the page, in its language; then the right one.
  await page.getByLabel('Correo electrónico').fill(ANALYST.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  let documents = 0;
  page.on('request', (request) => void (request.resourceType() === 'document' && documents++));
  await page.getByLabel('Contraseña', { exact: true }).fill(ANALYST.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  // The app starts in the same document, at the page that was asked for.
  await expect(page).toHaveURL(/\/es\/persons\/co$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((p) => /\/assets\/shell-[\w-]+\.js$/.test(p))).toBe(true);
  expect(documents).toBe(0);
  expect(await storedToken(page)).toMatch(/^Bearer \S+$/);

  // Signed in, a page load of /login moves on to home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(ANALYST.email)).toBeVisible();
});
