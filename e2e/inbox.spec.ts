import { expect, test } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { DEMO } from './support/sign-in.ts';
import { BASE_URL } from './support/servers.ts';

// A reviewer works through the review inbox on a phone, in Spanish. A Mexican candidate named
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

  // Assigned to the analyst with a finger: the card's list opens under it at the foot of the page (the
  // list once widened the page there, the phone scrolled the field away and the list stayed hidden).
  const field = card.getByRole('combobox', { name: 'Asignar a' });
  await expect(async () => {
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.tap({ timeout: 2000 });
    await page.getByRole('option', { name: DEMO.analyst.email, exact: true }).tap({ timeout: 2000 });
    await expect(field).toHaveValue(DEMO.analyst.email, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The server holds it: the item is the analyst's, after a reload too.
  await expect(async () => {
    const inbox = await page.request.get(`${BASE_URL}/api/v1/inbox?kind=match&assignee=any`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await inbox.json()) as {
      items: { person: { id: string }; assignee: { username: string } | null }[];
    };
    expect(items.find((i) => i.person.id === personId)?.assignee?.username).toBe(DEMO.analyst.email);
  }).toPass({ timeout: 10_000 });
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
