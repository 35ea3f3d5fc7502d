import { expect, type Page } from '@playwright/test';
import { BASE_URL } from './servers.ts';

/**
 * Signs in through the API and stores the tokens where the app reads them (apps/web/src/lib/auth-storage.ts)
 * before any page script runs: for tests about a screen, not about signing in.
 */
export async function apiSignIn(page: Page, user: { email: string; password: string }): Promise<void> {
  const response = await page.request.post(`${BASE_URL}/api/auth/login`, { data: user });
  expect(response.ok()).toBe(true);
  const tokens = (await response.json()) as { token: string; refreshToken: string };
  await page.addInitScript((t) => {
    window.localStorage.setItem('auth.strategy', 'local');
    window.localStorage.setItem('auth._token.local', `Bearer ${t.token}`);
    window.localStorage.setItem('auth._refresh_token.local', t.refreshToken);
  }, tokens);
}
