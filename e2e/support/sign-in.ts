import { expect, type Page } from '@playwright/test';

export type Account = { email: string; password: string };
export type Language = 'en' | 'es' | 'pt';

/** The demo accounts the server seeds on start (README "Demo users"). */
export const DEMO = {
  manager: { email: 'manager@acme.test', password: 'centinela2026' },
  analyst: { email: 'analyst@acme.test', password: 'centinela2026' },
  admin: { email: 'admin@centinela.test', password: 'centinela2026' },
} as const satisfies Record<string, Account>;

const FORM: Record<Language, { prefix: string; email: string; password: string; submit: string }> = {
  en: { prefix: '', email: 'Email', password: 'Password', submit: 'Sign in' },
  es: { prefix: '/es', email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' },
  pt: { prefix: '/pt', email: 'E-mail', password: 'Senha', submit: 'Entrar' },
};

/** Signs in through the sign-in page of `language` and lands on `path` (a path of that language). */
export async function signIn(page: Page, language: Language, account: Account, path: string): Promise<void> {
  const form = FORM[language];
  await page.goto(`${form.prefix}/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel(form.email).fill(account.email);
  await page.getByLabel(form.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: form.submit }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
