import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { transitionsEnded } from './support/transitions.ts';
import { MAINTENANCE_URL } from './support/servers.ts';

// Every screen, in both languages, has no serious or critical axe violation (WCAG 2.1 AA rules).
// The demo tenant and platform admin are seeded by the server on start (apps/server/src/seed).
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };
const ADMIN = { email: 'admin@centinela.test', password: 'centinela2026' };

const LOCALES = [
  { prefix: '', heading: 'Persons', addProfile: 'Add profile', profile: 'Profile' },
  { prefix: '/es', heading: 'Personas', addProfile: 'Agregar perfil', profile: 'Perfil' },
] as const;

/** The serious and critical violations on the page as it is now, one line each, so a failure says what. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  // Axe judges colours on the settled page: the transitions (modal, flyout, toasts) have ended.
  await transitionsEnded(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim());
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.join(' | ')}`;
    });
  expect(serious, `${screen}: axe violations`).toEqual([]);
}

for (const locale of LOCALES) {
  const l = locale.prefix;
  test.describe(`[A11Y] ${l || '/en'}`, () => {
    test('sign-in and not-found pages', async ({ page }) => {
      await page.goto(`${l}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${l}/login`);
      await page.goto(`${l}/no-such-page`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `${l}/no-such-page`);
    });

    test('maintenance notice', async ({ page }) => {
      await page.goto(`${MAINTENANCE_URL}${l || '/'}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `maintenance ${l}`);
    });

    test('profile list, person flyout, add-profile dialog, CSV wizard, pipelines, analytics', async ({ page }) => {
      test.setTimeout(90_000);
      await apiSignIn(page, MANAGER);
      await page.goto(l || '/');
      await expect(page.getByRole('heading', { name: locale.heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId('profile-row').first()).toBeVisible();
      await expectNoSeriousViolations(page, `${l}/ (profile list)`);

      await page.getByTestId('profile-row').first().getByRole('link').first().click();
      const flyout = page.getByRole('dialog', { name: locale.profile });
      await expect(flyout.getByRole('heading').first()).toBeVisible();
      await expectNoSeriousViolations(page, `${l} person flyout`);
      await page.keyboard.press('Escape');
      await expect(flyout).toBeHidden();

      await page.getByRole('button', { name: locale.addProfile }).click();
      const dialog = page.getByRole('dialog', { name: locale.addProfile });
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, `${l} add-profile dialog`);
      // Dialogs trap focus: tabbing past the last control comes back inside.
      for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Dialogs return focus to what opened them.
      await expect(page.getByRole('button', { name: locale.addProfile })).toBeFocused();

      for (const path of ['/persons/co/upload', '/pipelines', '/analytics']) {
        await page.goto(`${l}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousViolations(page, `${l}${path}`);
      }
    });

    test('management: owners, users, audit', async ({ page }) => {
      await apiSignIn(page, ADMIN);
      for (const path of ['/management/owners', '/management/users', '/management/audit']) {
        await page.goto(`${l}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousViolations(page, `${l}${path}`);
      }
    });
  });
}
