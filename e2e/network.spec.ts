import { expect, test } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';

// Resilience: an offline banner while the network is gone, and an error state, never a blank
// screen, when the API fails. The demo tenant is seeded by the server on start.
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

test('[NETWORK]: the offline banner comes and goes with the connection, in both languages', async ({
  page,
  context,
}) => {
  await apiSignIn(page, MANAGER);
  await page.goto('/');
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('You are offline');
  await expect(banner.getByRole('button', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();

  await page.goto('/es');
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
  await context.setOffline(true);
  await expect(banner).toContainText('Sin conexión');
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
});

test('[NETWORK]: a failing API shows the error state with a retry, which recovers', async ({ page }) => {
  await apiSignIn(page, MANAGER);
  let fail = true;
  await page.route(/\/api\/v1\/profiles(\?|$)/, (route) =>
    fail ? route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'down' } }) : route.fallback(),
  );
  await page.goto('/');
  // Retried with back-off first (lib/query-client.ts), then the error state.
  await expect(page.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
});
