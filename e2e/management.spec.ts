import { expect, test, type Page } from '@playwright/test';
import { choose, chooseAlso } from './support/choose.ts';

// The demo platform admin seeded by the server on start (apps/server/src/seed).
const ADMIN = { email: 'admin@centinela.test', password: 'centinela2026' };

async function signIn(page: Page, email: string, password: string, path = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('[MANAGEMENT]: create an owner, add two users at once, edit them together, bulk-edit and deactivate the owner', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const codeName = `e2e-${stamp}`;
  const ownerName = `E2E Owner ${stamp}`;
  const [first, second] = [`first-${stamp}@e2e.test`, `second-${stamp}@e2e.test`];
  const password = 'a long e2e password';

  await signIn(page, ADMIN.email, ADMIN.password, '/management/owners');
  await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();

  // Create the owner.
  await page.getByRole('button', { name: 'Add owner' }).click();
  const ownerDialog = page.getByRole('dialog', { name: 'Add owner' });
  await ownerDialog.getByLabel('Code name').fill('Not A Slug');
  await ownerDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ownerName);
  await ownerDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ownerDialog.getByText('Use lower-case letters, digits and single hyphens')).toBeVisible();
  await ownerDialog.getByLabel('Code name').fill(codeName);
  await ownerDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Owner saved.')).toBeVisible();
  await expect(ownerDialog).toBeHidden();

  // Two users at once: the repeated and the invalid email are flagged and not sent.
  await page.getByRole('navigation', { name: 'Management sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add users' }).click();
  const usersDialog = page.getByRole('dialog', { name: 'Add users' });
  await usersDialog.getByLabel('Emails').fill(`${first}, ${second}\n${first.toUpperCase()}\nnot-an-email`);
  const flagged = usersDialog.getByTestId('flagged-emails');
  await expect(flagged).toContainText(`${first}: repeated in the list, rejected`);
  await expect(flagged).toContainText('not-an-email: not a valid email');
  await choose(usersDialog, 'Owner', ownerName);
  await usersDialog.getByLabel('Analyst').check();
  // A client user needs at least one country.
  await chooseAlso(usersDialog, 'Available countries', 'Colombia');
  await usersDialog.getByLabel('Initial password').fill(password);
  await usersDialog.getByRole('button', { name: 'Add 2 users' }).click();
  await expect(page.getByText('2 users added.')).toBeVisible();
  await expect(usersDialog).toBeHidden();

  // Edit both together: their roles become viewer.
  await choose(page.getByRole('search', { name: 'Filter users' }), 'Owner', ownerName);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Select all rows on this page').check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit 2 users' });
  await editDialog.getByLabel('Change Roles').check();
  await editDialog.getByLabel('Viewer').check();
  await editDialog.getByRole('button', { name: 'Apply to 2 rows' }).click();
  await expect(page.getByText('2 users updated.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Viewer' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Analyst' })).toHaveCount(0);

  // The new user signs in while the owner is active.
  const other = await browser.newPage();
  await signIn(other, first, password);
  // Who is signed in reads from the account menu (the Welcome card is gone, #22).
  await other.getByRole('button', { name: 'Account menu' }).click();
  await expect(other.getByRole('menu').getByText(first)).toBeVisible();
  await other.close();

  // A second owner of the same family (made through the API, as an integration would): both are
  // bulk-edited together, then deactivated together with confirmation.
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const secondOwner = await page.request.post('/api/v1/owners', {
    headers: { authorization: `Bearer ${token}` },
    data: { codeName: `${codeName}-b`, name: `${ownerName} B` },
  });
  expect(secondOwner.status()).toBe(201);
  await page
    .getByRole('navigation', { name: 'Management sections' })
    .getByRole('link', { name: 'Owners', exact: true })
    .click();
  // The users page has a search field too: type once the owners page is the one shown.
  await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(codeName);
  const ownerRows = page.getByTestId('owner-row');
  await expect(ownerRows).toHaveCount(2);
  for (const row of await ownerRows.all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const bulkDialog = page.getByRole('dialog', { name: 'Edit 2 owners' });
  await bulkDialog.getByLabel('Change Plan').check();
  await choose(bulkDialog, 'Plan', 'Free');
  await bulkDialog.getByRole('button', { name: 'Apply to 2 rows' }).click();
  await expect(page.getByText('2 owners updated.')).toBeVisible();
  await expect(ownerRows.filter({ hasText: 'Free' })).toHaveCount(2);

  for (const row of await ownerRows.all()) await row.getByRole('checkbox').check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 2 owners' });
  await expect(confirm).toContainText('users will not be able to sign in');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(ownerRows).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Management sections' })
    .getByRole('link', { name: 'Inactive owners' })
    .click();
  await page.getByLabel('Search').fill(codeName);
  await expect(page.getByTestId('owner-row')).toHaveCount(2);

  // Its user is now refused at sign-in.
  const refused = await browser.newPage();
  await signIn(refused, second, password);
  await expect(refused.getByText('Account not authorized, please contact us.')).toBeVisible();
  await refused.close();
});
