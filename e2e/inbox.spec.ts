import { expect, test } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { DEMO } from './support/sign-in.ts';
import { BASE_URL } from './support/servers.ts';

// Issue #39: a reviewer works through the review inbox on a phone, in Spanish. A Mexican candidate named
// like OFAC 15500 ("LOPEZ NUNEZ, Damaso", in the shipped snapshot) is screened: the match waits in the
// inbox, is assigned to the analyst, and opens the person's flyout where it is ruled.

test('[INBOX]: on a phone in Spanish, a match waits, is assigned and opens the person', async ({ browser }) => {
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await apiSignIn(page, DEMO.manager);
  const login = await page.request.post(`${BASE_URL}/api/auth/login`, { data: DEMO.manager });
  const { token } = (await login.json()) as { token: string };
  const documentId = `LONU${String(Date.now()).slice(-6)}HSLPXX01`.slice(0, 18);
  const created = await page.request.post(`${BASE_URL}/api/v1/profiles`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      kind: 'candidate',
      country: 'mx',
      documentType: 'national_id',
      name: 'Dámaso López Núñez',
      documentId,
      reportTypes: ['watchlists'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const personId = ((await created.json()) as { profile: { id: string } }).profile.id;

  await page.goto('/es/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Bandeja de revisión' })).toBeVisible({ timeout: 20_000 });
  // The screening runs in the background: its match arrives (the list refreshes on the report's event).
  const card = page.getByRole('listitem', { name: 'Coincidencia en lista: Dámaso López Núñez' }).first();
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // One column at 360 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Assigned to the analyst (through the API: the card's dropdown does not open in Chromium on a phone
  // yet — see the report), the card says so.
  const inbox = await page.request.get(`${BASE_URL}/api/v1/inbox?kind=match`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items, reviewers } = (await inbox.json()) as {
    items: { kind: string; ref: string; person: { id: string } }[];
    reviewers: { id: string; username: string }[];
  };
  const analyst = reviewers.find((r) => r.username === DEMO.analyst.email)!;
  const mine = items.find((i) => i.person.id === personId)!;
  const assigned = await page.request.post(`${BASE_URL}/api/v1/inbox/assign`, {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: mine.kind, ref: mine.ref, assigneeId: analyst.id },
  });
  expect(assigned.status()).toBe(200);
  await page.reload();
  await expect(card.getByRole('combobox', { name: 'Asignar a' })).toHaveValue(DEMO.analyst.email, {
    timeout: 20_000,
  });

  // The navbar (in the drawer on a phone) counts what waits.
  await page.getByRole('button', { name: 'Menú de navegación' }).click();
  await expect(page.getByRole('dialog').getByTestId('inbox-count')).toBeVisible();
  await page.keyboard.press('Escape');

  // The name opens the person's flyout, where the match is ruled.
  await card.getByRole('link', { name: 'Dámaso López Núñez' }).click();
  await expect(page).toHaveURL(new RegExp(`/es/persons/mx/${personId}`));
  await expect(page.getByRole('dialog').getByText('Listas restrictivas').first()).toBeVisible({ timeout: 20_000 });
  await phone.close();
});
