import { expect, test, type BrowserContext } from '@playwright/test';
import { requestsInFlight } from './support/in-flight.ts';
import { BASE_URL } from './support/servers.ts';

// A signed-in page load of a persons list comes with the page's frame drawn by the server
// (apps/server's plugins/web-shell.ts), so a phone on a slow network paints it before the app's scripts
// have arrived; the app then replaces it. The demo tenant is seeded by the server on start.
const ANALYST = { email: 'analyst@acme.test', password: 'centinela2026' };

let signedIn: Promise<[string, string][]> | null = null;

/**
 * The analyst's session as the app keeps it (apps/web's lib/auth-storage.ts): its keys and values. One
 * sign-in for the whole file: sign-ins are rate limited (per address and per account), and the specs after
 * this one sign the same analyst in.
 */
function signIn(context: BrowserContext): Promise<[string, string][]> {
  signedIn ??= (async () => {
    const response = await context.request.post(`${BASE_URL}/api/auth/login`, { data: ANALYST });
    expect(response.ok()).toBe(true);
    const tokens = (await response.json()) as { token: string; refreshToken: string };
    return [
      ['auth.strategy', 'local'],
      ['auth._token.local', `Bearer ${tokens.token}`],
      ['auth._refresh_token.local', tokens.refreshToken],
    ];
  })();
  return signedIn;
}

/** The session in `context`: the cookies the server reads, and localStorage. */
async function session(context: BrowserContext, withStorage: boolean) {
  const entries = await signIn(context);
  await context.addCookies(entries.map(([name, value]) => ({ name, value: encodeURIComponent(value), url: BASE_URL })));
  if (withStorage) {
    await context.addInitScript((pairs) => {
      for (const [key, value] of pairs) window.localStorage.setItem(key, value);
    }, entries);
  }
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('[SHELL]: the persons list is drawn before any script runs, in both languages, for the signed-in user', async ({
    page,
    context,
  }) => {
    await session(context, false);
    await page.goto('/es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
    // The analyst's own navbar: no management or webhooks, and the avatar's place.
    const nav = page.locator('nav[aria-label="Navegación principal"] a');
    await expect(nav).toHaveText(['Inicio', 'Personas', 'Bandeja de revisión', 'Monitoreo', 'Analítica']);
    await expect(page.getByPlaceholder('Nombre, documento, correo o teléfono')).toBeVisible();

    await page.goto('/persons/mx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText('Persons in Mexico');
    await expect(page.getByText('Add profile')).toBeVisible();
    // None of the list's data: rows come from the app.
    await expect(page.getByTestId('profile-row')).toHaveCount(0);
  });

  test('[SHELL]: without a session, nothing is drawn', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('[SHELL]: the app takes the drawn frame over: the same page, then its rows, and it works', async ({
  page,
  context,
}) => {
  // Nothing fails on the way, a violation of the server's CSP included (zod's eval probe, see zod-jitless.js).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The browser's Intl data is loaded in a worker, off the main thread (lib/intl-warmup.ts).
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await session(context, true);
  const requests = requestsInFlight(page);
  const response = await page.goto('/');
  const document = (await response?.text()) ?? '';
  expect(document).toContain('data-shell');
  // The app's modules were asked for once the frame was painted, not by the document.
  expect(document).not.toContain('modulepreload');
  await expect(page.getByTestId('profile-row').first()).toBeVisible();
  await expect(page.locator('[data-shell]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Persons');
  // The real widgets, working: search narrows the list.
  const total = await page.getByTestId('profile-row').count();
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-nobody');
  await expect(page.getByTestId('profile-row')).toHaveCount(0);
  expect(total).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  expect(workers).toEqual(['/intl-warmup.js']);
  // What loaded after the first paint (toasts, pickers, the navigation bar) brought no stylesheet of its
  // own: the document had them all inlined, so none restyled the page once more.
  await requests.settled();
  const added = await page.evaluate(() =>
    [...window.document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((l) => l.href),
  );
  expect(added).toEqual([]);
});

/** The font family, weight and size of each piece of laid-out text on the page, once each. */
function fontStrikes(): string[] {
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent?.trim() || !element?.getClientRects().length) continue;
    const style = getComputedStyle(element);
    found.add(`${style.fontWeight} ${style.fontSize} ${style.fontFamily}`);
  }
  return [...found];
}

// On Linux a page's first text in a new font weight or size asks the browser for the font (a
// synchronous call, slow while the page loads). The drawn frame lays out every weight and size the list's
// first view shows (its own text, and apps/web's shell/font-strikes.tsx for the rest), so none of those
// calls falls inside the app's first renders.
test('[SHELL]: the drawn frame holds every font weight and size of the list once the app is in', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1350, height: 940 },
  ]) {
    const strikes = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      await session(context, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto('/');
      if (javaScriptEnabled) {
        await expect(page.getByTestId('profile-row').first()).toBeVisible();
        // The late parts of the first view: the account menu's initials and, on a wide screen, the figures.
        await expect(page.getByRole('button', { name: 'Account menu' }).getByText(/^\p{Lu}{2}$/u)).toBeVisible();
        if (viewport.width > 1000) await expect(page.getByTestId('navbar-metric').first()).toBeVisible();
      } else {
        await expect(page.locator('[data-shell]')).toHaveCount(1);
      }
      const found = await page.evaluate(fontStrikes);
      await context.close();
      return found;
    };
    const frame = await strikes(false);
    const app = await strikes(true);
    expect(app.length).toBeGreaterThan(3);
    expect(app.filter((strike) => !frame.includes(strike))).toEqual([]);
  }
});
