import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { choose } from './support/choose.ts';

// Sol in the sandbox: the e2e server runs it with compressed time, so a check finishes in seconds.
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

type Words = {
  prefix: string;
  addProfile: string;
  country: string;
  colombia: string;
  documentId: string;
  name: string;
  phone: string;
  sol: string;
  create: string;
  search: string;
  profile: string;
  completed: string;
  rehire: string;
  evidence: RegExp;
};

const EN: Words = {
  prefix: '',
  addProfile: 'Add profile',
  country: 'Country',
  colombia: 'Colombia',
  documentId: 'Document number',
  name: 'Name',
  phone: 'Phone',
  sol: 'Employment references',
  create: 'Create profile',
  search: 'Search',
  profile: 'Profile',
  completed: 'Completed',
  rehire: 'Would rehire',
  evidence: /^Hear it at \d\d:\d\d$/,
};

const ES: Words = {
  prefix: '/es',
  addProfile: 'Agregar perfil',
  country: 'País',
  colombia: 'Colombia',
  documentId: 'Número de documento',
  name: 'Nombre',
  phone: 'Teléfono',
  sol: 'Referencias laborales',
  create: 'Crear perfil',
  search: 'Buscar',
  profile: 'Perfil',
  completed: 'Completada',
  rehire: 'Lo volvería a contratar',
  evidence: /^Escuchar en \d\d:\d\d$/,
};

// Signed in through the API (e2e/auth.spec.ts is the one about the sign-in page).
async function signIn(page: Page, w: Words) {
  await apiSignIn(page, MANAGER);
  await page.goto(w.prefix || '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Requests a Sol check from the dashboard and opens the person's flyout. */
async function requestSol(page: Page, w: Words, phone: string) {
  const name = `Sol E2E ${Date.now()}`;
  await page.getByRole('button', { name: w.addProfile }).click();
  const dialog = page.getByRole('dialog', { name: w.addProfile });
  await choose(dialog, w.country, w.colombia);
  await dialog.getByLabel(w.documentId).fill(String(1_000_000_000 + (Date.now() % 999_999_999)));
  await dialog.getByLabel(w.name).fill(name);
  await dialog.getByLabel(w.phone).fill(phone);
  await dialog.getByLabel(w.sol).check();
  await dialog.getByRole('button', { name: w.create }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: w.search }).fill(name);
  await expect(page.getByTestId('profile-row')).toHaveCount(1);
  await page.getByTestId('profile-row').first().getByRole('link', { name }).click();
  const flyout = page.getByRole('dialog', { name: w.profile });
  await expect(flyout.getByRole('heading', { name })).toBeVisible();
  return flyout;
}

/** Watches the check complete, plays the recording and jumps to an evidence passage. */
async function watchAndListen(flyout: Locator, w: Words) {
  const report = flyout.getByTestId('sol-report');
  await expect(report).toHaveAttribute('data-status', 'completed', { timeout: 45_000 });
  await expect(flyout.getByTestId('sol-status')).toHaveText(w.completed);
  await expect(flyout.getByTestId('sol-reference-row')).toHaveCount(2);

  const audio = flyout.getByTestId('sol-audio');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  // The browser can decode it: metadata loads and it has a real duration.
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => (a.readyState >= 1 ? a.duration : 0)), { timeout: 15_000 })
    .toBeGreaterThan(20);
  await audio.evaluate(async (a: HTMLAudioElement) => {
    a.muted = true;
    await a.play();
  });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);

  // The evidence link of "rehire" seeks the player to its passage and highlights it in the transcript.
  const card = flyout.getByTestId('sol-summary-card').filter({ hasText: w.rehire });
  const link = card.getByTestId('sol-evidence');
  await expect(link).toHaveText(w.evidence);
  const index = await link.getAttribute('data-segment');
  await link.click();
  const segment = flyout.locator(`[data-testid="sol-transcript-segment"][data-segment="${index}"]`);
  await expect(segment).toHaveAttribute('data-active', 'true');
  const [mm, ss] = (await segment.getByRole('button').first().innerText()).split(':').map(Number) as [number, number];
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(mm * 60 + ss);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(mm * 60 + ss + 6);
}

test('[SOL]: news popup, intro and example report; request a Sol check, watch it complete, play and jump to evidence (English)', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('centinela.solNews.force', '1'));
  await signIn(page, EN);

  // The news popup, once per user, after the visitor's first interaction with the page: "Learn more"
  // opens the intro with the video, the demo call and an example report.
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
  await page.mouse.wheel(0, 1);
  const news = page.getByRole('dialog', { name: 'New: Sol checks employment references for you' });
  await expect(news).toBeVisible();
  await news.getByRole('button', { name: 'Learn more' }).click();
  const intro = page.getByRole('dialog', { name: 'Meet Sol' });
  await expect(intro.getByTestId('sol-intro-video')).toHaveAttribute('src', '/media/sol/intro-en.webm');
  await expect
    .poll(
      () =>
        intro.getByTestId('sol-intro-video').evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(5);
  await expect
    .poll(
      () => intro.getByTestId('sol-demo-call').evaluate((a: HTMLAudioElement) => (a.readyState >= 1 ? a.duration : 0)),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(20);
  await intro.getByRole('button', { name: 'See an example report' }).click();
  const example = page.getByRole('dialog', { name: 'Example Sol report' });
  await expect(example.getByTestId('sol-summary-card')).toHaveCount(9);
  await expect(example.getByTestId('sol-transcript-segment').first()).toContainText('Good morning, this is Sol');
  await example.getByRole('button').first().click(); // the modal's close button
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New: Sol checks employment references for you' })).toBeHidden();

  const flyout = await requestSol(page, EN, '+1 202 555 0100');
  await watchAndListen(flyout, EN);
  await expect(flyout.getByTestId('sol-transcript-segment').first()).toContainText('Good morning, this is Sol');
  await expect(flyout.getByTestId('sol-fraud')).toContainText('No fraud signals.');
});

test('[SOL]: request a Sol check from the dashboard in Spanish, watch it complete, play and jump to evidence', async ({
  page,
}) => {
  await signIn(page, ES);
  const flyout = await requestSol(page, ES, '+57 300 765 4300');
  await watchAndListen(flyout, ES);
  await expect(flyout.getByTestId('sol-transcript-segment').first()).toContainText('Buenos días, le habla Sol');
  await expect(flyout.getByTestId('sol-cross-check')).toContainText('Coincide');
});
