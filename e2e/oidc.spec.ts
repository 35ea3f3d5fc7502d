import { expect, test, type Page } from '@playwright/test';
import { OIDC_APP_URL, OIDC_ISSUER } from './support/servers.ts';

// The server on OIDC_APP_URL signs in through the real provider of e2e/support/oidc-provider.ts, whose
// dev interactions accept any login: the login typed is the account (and its email).
const ANALYST = { email: 'analyst@acme.test', owner: 'Acme Seguridad S.A.' };
const SSO = 'Sign in with your organization';

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('auth._token.oidc'));

/** At the provider: its login form, then its consent screen (a fresh browser has a fresh provider session). */
async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('[AUTH]: signs in through the OIDC provider', async ({ page }) => {
  await page.goto(`${OIDC_APP_URL}/`);
  await expect(page).toHaveURL(`${OIDC_APP_URL}/login`);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await page.getByRole('button', { name: SSO }).click();
  await signInAtProvider(page, ANALYST.email);

  // The first sign-in links the provider's identity to the demo user by email (SPEC §2): sign in again.
  await expect(page).toHaveURL(/\/login\?linked/);
  await expect(page.getByText('Your accounts are now linked. Please sign in again.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // The provider still has the session and the consent: straight back through /callback.
  await page.getByRole('button', { name: SSO }).click();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(ANALYST.email)).toBeVisible();
  await expect(page.getByRole('menu').getByText(ANALYST.owner, { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await storedToken(page)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await page.evaluate(() => window.localStorage.getItem('auth.strategy'))).toBe('oidc');

  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(ANALYST.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${OIDC_APP_URL}/login`);
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH]: a tampered state on /callback is ignored', async ({ page }) => {
  const exchanges: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/oidc/token')) exchanges.push(request.url());
  });
  // The provider's real answer (a valid code) comes back with another state. Redirects are not routed,
  // so the consent form's POST is: its redirect chain is followed here, and the last hop rewritten.
  await page.route(
    (url) => url.href.startsWith(`${OIDC_ISSUER}/interaction/`),
    async (route) => {
      if (route.request().method() !== 'POST' || !route.request().postData()?.includes('prompt=consent'))
        return route.continue();
      let location = (await route.fetch({ maxRedirects: 0 })).headers()['location'];
      while (location && !location.startsWith(`${OIDC_APP_URL}/callback`)) {
        location = (await page.request.get(new URL(location, OIDC_ISSUER).href, { maxRedirects: 0 })).headers()[
          'location'
        ];
      }
      const tampered = new URL(location ?? `${OIDC_APP_URL}/callback`);
      expect(tampered.searchParams.get('code')).toBeTruthy();
      tampered.searchParams.set('state', 'tampered');
      return route.fulfill({ status: 303, headers: { location: tampered.href } });
    },
  );

  await page.goto(`${OIDC_APP_URL}/login`);
  await page.getByRole('button', { name: SSO }).click();
  await signInAtProvider(page, 'manager@acme.test');

  await expect(page).toHaveURL(`${OIDC_APP_URL}/login`);
  await expect(page.getByRole('button', { name: SSO })).toBeVisible();
  expect(exchanges).toEqual([]);
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH]: an unknown user of the provider sees the not-authorized message', async ({ page }) => {
  await page.goto(`${OIDC_APP_URL}/login`);
  await page.getByRole('button', { name: SSO }).click();
  await signInAtProvider(page, 'nobody@acme.test');

  await expect(page.getByRole('alert')).toHaveText('Account not authorized, please contact us.');
  await expect(page).toHaveURL(/\/login\?error=account_not_authorized$/);
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH]: a deep link survives the OIDC round trip', async ({ page }) => {
  await page.goto(`${OIDC_APP_URL}/es/persons/co`);
  await expect(page).toHaveURL(/\/es\/login\?redirect=/);
  await page.getByRole('button', { name: 'Iniciar sesión con su organización' }).click();
  await signInAtProvider(page, ANALYST.email);
  // On its own (test order aside) this sign-in may be the one that links the accounts: then once more.
  const linked = page.getByText('Sus cuentas ya están vinculadas. Inicie sesión de nuevo.');
  await expect(linked.or(page.getByRole('heading', { name: 'Personas en Colombia' }))).toBeVisible();
  if (await linked.isVisible()) await page.getByRole('button', { name: 'Iniciar sesión con su organización' }).click();

  await expect(page.getByRole('heading', { name: 'Personas en Colombia' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/es/persons/co');
});
