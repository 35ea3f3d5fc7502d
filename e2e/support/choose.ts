import { expect, type Locator } from '@playwright/test';

/**
 * Mantine's Select: open it by its label and pick the option. Retried until the field shows it: a click
 * that lands while a dialog is still opening (its focus trap moves focus, closing the dropdown) or on an
 * option while the dropdown is still opening is ignored, more often on a loaded machine.
 */
export async function choose(scope: Locator, label: string, option: string) {
  const field = scope.getByRole('combobox', { name: label, exact: true });
  await expect(async () => {
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click({ timeout: 2000 });
    await scope.page().getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(field).toHaveValue(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Mantine's MultiSelect: its pills' box takes the pointer over the field, so it is opened from the keyboard
 * (ArrowDown on the focused field, as a keyboard user does); picked once its pill shows the option. The
 * list closes when focus moves on (Escape would close the dialog around it too).
 */
export async function chooseAlso(scope: Locator, label: string, option: string) {
  const field = scope.getByRole('combobox', { name: label, exact: true });
  const pill = scope.locator('.mantine-Pill-label', { hasText: option });
  await expect(async () => {
    if (await pill.isVisible()) return;
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.press('ArrowDown', { timeout: 2000 });
    await scope.page().getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(pill).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
