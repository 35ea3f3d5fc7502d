import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { choose } from './support/choose.ts';

// The demo tenant "Pyme Servicios Ltda." is on the free plan (apps/server/src/seed).
const MANAGER = { email: 'manager@pyme.test', password: 'centinela2026' };
const SUPPORT = { email: 'support@centinela.test', password: 'centinela2026' };

async function token(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Support staff set the owner's balance to exactly `credits` (an adjustment with a reason, as support would). */
async function setCredits(request: APIRequestContext, credits: number) {
  const manager = await token(request, MANAGER);
  const support = await token(request, SUPPORT);
  const summary = (await (
    await request.get('/api/v1/credits', { headers: { authorization: `Bearer ${manager}` } })
  ).json()) as { ownerId: string; creditsAvailable: number };
  const amount = credits - summary.creditsAvailable;
  if (amount === 0) return;
  const response = await request.post('/api/v1/credits/adjustments', {
    headers: { authorization: `Bearer ${support}` },
    data: { ownerId: summary.ownerId, amount, reason: 'e2e: set the balance' },
  });
  expect(response.status()).toBe(201);
}

// Signed in through the API (e2e/auth.spec.ts is the one about the sign-in page).
async function signIn(page: Page) {
  await apiSignIn(page, MANAGER);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function fillCandidate(page: Page, documentId: string) {
  await page.getByRole('button', { name: 'Add profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add profile' });
  await choose(dialog, 'Country', 'Colombia');
  await dialog.getByLabel('Document number').fill(documentId);
  await dialog.getByLabel('Name').fill(`Credit check ${documentId}`);
  await dialog.getByLabel('Criminal records').check();
  return dialog;
}

async function addCandidate(page: Page, documentId: string) {
  const dialog = await fillCandidate(page, documentId);
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  return dialog;
}

test('[CREDITS]: a free-plan user sees the banner, runs out of credits and is invited to upgrade', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await setCredits(request, 1);
  await signIn(page);
  const banner = page.getByTestId('free-plan-banner');
  await expect(banner).toContainText('1 credit left of 50 this month');

  // The last credit runs one check; the banner follows live.
  const first = await addCandidate(page, '1020304050');
  await expect(first).toBeHidden();
  await expect(banner).toContainText('You have run out of credits');

  // The next one is refused before it is sent: the form says what it costs and how to get more.
  const second = await fillCandidate(page, '1020304051');
  await expect(second.getByText(/Not enough credits/)).toBeVisible();
  await expect(second.getByRole('button', { name: 'Create profile' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(second).toBeHidden();

  await page
    .getByRole('alert', { name: 'You have run out of credits' })
    .getByRole('button', { name: 'Upgrade', exact: true })
    .click();
  const prompt = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(prompt).toContainText('Checks without a monthly credit limit');
  await expect(prompt).toContainText('News search');
  await expect(prompt.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', /^mailto:/);

  // Spanish too.
  await page.keyboard.press('Escape');
  await page.goto('/es');
  await expect(page.getByTestId('free-plan-banner')).toContainText('Se agotaron sus créditos');
});

test('[CREDITS]: on a phone, the reports outside the free plan show their whole badge', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await page.getByRole('button', { name: 'Add profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add profile' });
  await choose(dialog, 'Country', 'Colombia');
  const badges = dialog.getByText('Not in your plan', { exact: true });
  await expect(badges.first()).toBeVisible();
  const box = (await dialog.boundingBox())!;
  for (const badge of await badges.all()) {
    // Cut text: the label is wider than the badge (ellipsis) or the badge runs past the dialog's edge.
    const fits = await badge.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    const { x, width } = (await badge.boundingBox())!;
    expect(x + width).toBeLessThanOrEqual(box.x + box.width);
  }
});
