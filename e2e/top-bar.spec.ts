import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/servers.ts';

// At 1440 px the top bar wrapped to 91–123 px for managers and admins in Spanish and Portuguese, and the
// management tables squeezed into a narrow column. One line (the height of its tallest item) in every
// language and role, and a management table as wide as the page allows.

const PASSWORD = 'centinela2026';
const ACCOUNTS = { manager: 'manager@acme.test', admin: 'admin@centinela.test' } as const;
/** A one-line bar: its padding and the user menu's button; a second row of links makes it ~90 px. */
const ONE_LINE_MAX = 72;

for (const role of ['manager', 'admin'] as const) {
  for (const language of ['en', 'es', 'pt'] as const) {
    test(`${role}, ${language}: the top bar is one line at 1440 px and the users table uses the width`, async ({
      browser,
      playwright,
    }) => {
      const request = await playwright.request.newContext();
      const response = await request.post(`${BASE_URL}/api/auth/login`, {
        data: { email: ACCOUNTS[role], password: PASSWORD },
      });
      expect(response.ok()).toBe(true);
      const tokens = (await response.json()) as { token: string; refreshToken: string };
      await request.dispose();
      const context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: 1440, height: 900 },
        storageState: {
          cookies: [],
          origins: [
            {
              origin: BASE_URL,
              localStorage: [
                { name: 'auth.strategy', value: 'local' },
                { name: 'auth._token.local', value: `Bearer ${tokens.token}` },
                { name: 'auth._refresh_token.local', value: tokens.refreshToken },
              ],
            },
          ],
        },
      });
      const page = await context.newPage();
      await page.goto(`${language === 'en' ? '' : `/${language}`}/management/users`);
      await expect(page.locator('[data-testid="user-row"]').first()).toBeVisible({ timeout: 20_000 });
      // The figures and the alerts' count come in late and widen the bar: measure once they are in.
      await expect(page.locator('[data-slot="metrics"] [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready);
      const header = await page.locator('header').first().boundingBox();
      expect(header!.height, `top bar ${header!.height}px tall`).toBeLessThanOrEqual(ONE_LINE_MAX);
      const table = await page.locator('table').first().boundingBox();
      expect(table!.width, `users table ${table!.width}px wide`).toBeGreaterThanOrEqual(900);
      await context.close();
    });
  }
}
