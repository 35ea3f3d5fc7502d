import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@centinela/shared';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { BASE_URL } from './support/servers.ts';

// Every screen fits a phone. Each route, at each width, in each interface language: the page does
// not scroll sideways, no status or date cell cuts its text, a full-page screenshot is kept (test-results,
// docs/testing.md), and at 390 px axe finds no serious or critical violation. One page load per
// route × width × language; each role signs in once, through the API, and every context reuses its tokens.

const PASSWORD = 'centinela2026';
const ACCOUNTS = {
  manager: 'manager@acme.test',
  admin: 'admin@centinela.test',
} as const;
type Role = keyof typeof ACCOUNTS | 'public';

const WIDTHS = [360, 390, 768, 1440] as const;
/** A comma-separated list of screen names (below) walks only those, e.g. `RESPONSIVE_SCREENS=users,owners`. */
const ONLY = process.env.RESPONSIVE_SCREENS;
/** Below Mantine's `md` breakpoint the navbar is one short bar with a burger (it was 254 px tall). */
const NARROW_HEADER_MAX = 72;
const AXE_WIDTH = 390;
const LANGUAGES = LOCALES;
const prefix = (language: string) => (language === 'en' ? '' : `/${language}`);

type Screen = { name: string; role: Role; path: string; ready?: string };

/** The persons, pipelines and form ids some routes need, read from the seeded data. */
async function demoIds(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const persons = (await (await request.get(`${BASE_URL}/api/v1/profiles?country=co&limit=1`, { headers })).json()) as {
    items: { id: string }[];
  };
  const forms = (await (await request.get(`${BASE_URL}/api/v1/forms`, { headers })).json()) as
    { code: string; status?: string }[] | { items: { code: string; status?: string }[] };
  const links = Array.isArray(forms) ? forms : forms.items;
  const person = persons.items[0]?.id;
  // The candidate's own page needs a code: a fresh link for that person.
  const link = person
    ? ((await (
        await request.post(`${BASE_URL}/api/v1/profiles/${person}/candidate-link`, { headers, data: { locale: 'es' } })
      ).json()) as { code?: string })
    : {};
  return { person, form: (links.find((l) => l.status === 'active') ?? links[0])?.code, candidate: link.code };
}

type DemoIds = { person?: string; form?: string; candidate?: string };

function screens(ids: DemoIds): Screen[] {
  const list: Screen[] = [
    { name: 'login', role: 'public', path: '/login' },
    { name: 'not-found', role: 'public', path: '/no-such-page' },
    { name: 'home', role: 'manager', path: '/', ready: '[data-testid="profile-row"]' },
    { name: 'persons-co', role: 'manager', path: '/persons/co', ready: '[data-testid="profile-row"]' },
    { name: 'person', role: 'manager', path: `/persons/co/${ids.person}`, ready: '[role="dialog"]' },
    { name: 'upload', role: 'manager', path: '/persons/co/upload' },
    { name: 'pipelines', role: 'manager', path: '/pipelines', ready: '[data-testid="pipeline-row"]' },
    { name: 'analytics', role: 'manager', path: '/analytics', ready: '[data-testid="chart"]' },
    { name: 'webhooks', role: 'manager', path: '/webhooks' },
    { name: 'monitoring', role: 'manager', path: '/monitoring' },
    { name: 'forms', role: 'manager', path: '/forms' },
    { name: 'users', role: 'manager', path: '/management/users', ready: '[data-testid="user-row"]' },
    { name: 'audit', role: 'manager', path: '/management/audit' },
    { name: 'retention', role: 'manager', path: '/management/retention' },
    { name: 'owners', role: 'admin', path: '/management/owners', ready: '[data-testid="owner-row"]' },
    { name: 'owners-inactive', role: 'admin', path: '/management/owners/inactive' },
    { name: 'admin-users', role: 'admin', path: '/management/users', ready: '[data-testid="user-row"]' },
    { name: 'sources', role: 'admin', path: '/sources' },
  ];
  if (ids.form) list.push({ name: 'public-form', role: 'public', path: `/forms/${ids.form}` });
  if (ids.candidate) list.push({ name: 'candidate', role: 'public', path: `/candidate/${ids.candidate}` });
  return list;
}

/** Local storage holding a role's tokens, as the app keeps them (apps/web/src/lib/auth-storage.ts). */
type Origins = { origin: string; localStorage: { name: string; value: string }[] }[];
const states: Partial<Record<Role, Origins>> = {};
let ids: DemoIds = {};

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  for (const role of ['manager', 'admin'] as const) {
    const response = await request.post(`${BASE_URL}/api/auth/login`, {
      data: { email: ACCOUNTS[role], password: PASSWORD },
    });
    expect(response.ok()).toBe(true);
    const tokens = (await response.json()) as { token: string; refreshToken: string };
    states[role] = [
      {
        origin: BASE_URL,
        localStorage: [
          { name: 'auth.strategy', value: 'local' },
          { name: 'auth._token.local', value: `Bearer ${tokens.token}` },
          { name: 'auth._refresh_token.local', value: tokens.refreshToken },
        ],
      },
    ];
    if (role === 'manager') ids = await demoIds(request, tokens.token);
  }
  await request.dispose();
});

async function newPage(browser: Browser, role: Role, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width, height: width < 768 ? 844 : 900 },
    storageState: { cookies: [], origins: states[role] ?? [] },
  });
  return context.newPage();
}

/** Waits for the screen's data: its heading, what `ready` names, and no loader or skeleton left. */
async function settle(page: Page, screen: Screen) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  if (screen.ready) await expect(page.locator(screen.ready).first()).toBeVisible({ timeout: 20_000 });
  await expect(
    page.locator('.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]'),
  ).toHaveCount(0, { timeout: 20_000 });
  // Web fonts and late chunks (navbar figures, selects) change widths: measure once they are in.
  await page.evaluate(() => document.fonts.ready);
}

/** What makes the document wider than the window: the widest elements reaching past its right edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= width) return null;
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return `document ${scroll}px wide in a ${width}px window: ${culprits.join('; ')}`;
  });
}

/**
 * Status and date cells whose text is cut: the table columns whose header names a status or a date, and
 * every badge (status chips) anywhere, whose content is wider than the box showing it.
 */
async function cutTexts(page: Page) {
  return page.evaluate(() => {
    const header =
      /status|estado|date|fecha|data|created|creado|criado|updated|actualizado|when|cuándo|quando|time|hora|last|último|expires|vence|expira/i;
    const cells: HTMLElement[] = [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')];
    for (const table of document.querySelectorAll('table')) {
      const heads = [...table.querySelectorAll('thead th')];
      heads.forEach((th, column) => {
        if (!header.test(th.textContent ?? '')) return;
        for (const row of table.querySelectorAll('tbody tr')) {
          const cell = row.children[column] as HTMLElement | undefined;
          if (cell) cells.push(cell, ...cell.querySelectorAll<HTMLElement>('*'));
        }
      });
    }
    return cells
      .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => getComputedStyle(el).overflowX !== 'auto' && getComputedStyle(el).overflowX !== 'scroll')
      .slice(0, 8)
      .map((el) => `"${(el.textContent ?? '').trim().slice(0, 40)}" (${el.clientWidth} of ${el.scrollWidth}px)`);
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function walk(browser: Browser, testInfo: TestInfo, language: string, width: number) {
  const failures: string[] = [];
  const pages = new Map<Role, Page>();
  for (const screen of screens(ids).filter((s) => !ONLY || ONLY.split(',').includes(s.name))) {
    let page = pages.get(screen.role);
    if (!page) pages.set(screen.role, (page = await newPage(browser, screen.role, width)));
    const url = `${prefix(language)}${screen.path === '/' && language !== 'en' ? '' : screen.path}`;
    await page.goto(url);
    const where = `${url} at ${width}px (${screen.role})`;
    try {
      await settle(page, screen);
    } catch (error) {
      failures.push(`${where}: did not settle — ${(error as Error).message.split('\n')[0]}`);
    }
    // Kept for people to look at: test-results/screens/<language>/<width>-<screen>.png (docs/testing.md).
    await page.screenshot({
      path: join(testInfo.project.outputDir, 'screens', language, `${width}-${screen.name}.png`),
      fullPage: true,
    });

    if (screen.role !== 'public' && width < 992) {
      const header = await page.locator('header').first().boundingBox();
      if (!header || header.height > NARROW_HEADER_MAX) {
        failures.push(
          `${where}: the navbar is ${Math.round(header?.height ?? 0)}px tall (at most ${NARROW_HEADER_MAX})`,
        );
      }
    }
    const wide = await overflow(page);
    if (wide) failures.push(`${where}: ${wide}`);
    const cut = await cutTexts(page);
    if (cut.length > 0) failures.push(`${where}: text cut in status/date cells: ${cut.join(', ')}`);
    if (width === AXE_WIDTH) {
      const violations = await seriousViolations(page);
      if (violations.length > 0) failures.push(`${where}: axe: ${violations.join('; ')}`);
    }
  }
  for (const page of pages.values()) await page.context().close();
  expect(failures, failures.join('\n')).toEqual([]);
}

// The screenshots are the record; a trace of ~20 page loads would only slow the walk down.
test.use({ trace: 'off' });

/** The burger's name and the analytics link's, as each language's catalogue words them. */
function menuWords(language: string) {
  const catalogue = JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as { nav: { openMenu: string }; metrics: { analytics: { title: string } } };
  return { open: catalogue.nav.openMenu, analytics: catalogue.metrics.analytics.title };
}

for (const language of LANGUAGES) {
  test(`[RESPONSIVE] ${language}: on a phone the navigation is a drawer, by keyboard too`, async ({ browser }) => {
    const words = menuWords(language);
    const page = await newPage(browser, 'manager', 390);
    await page.goto(prefix(language) || '/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The links are not in the bar; the burger, named in the page's language, opens them.
    await expect(
      page.getByRole('navigation', { name: /.+/ }).getByRole('link', { name: words.analytics }),
    ).toBeHidden();
    const burger = page.getByRole('button', { name: words.open });
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: words.analytics })).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    // The navbar's figures are in the drawer.
    await expect(drawer.getByTestId('navbar-metric').first()).toBeVisible();
    // Focus stays inside while tabbing; Escape closes and gives focus back to the burger.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
    // A link followed from the drawer closes it.
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: words.analytics }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(language)}/analytics$`));
    await expect(drawer).toBeHidden();
    await page.context().close();
  });
}

for (const language of LANGUAGES) {
  test.describe(`[RESPONSIVE] ${language}`, () => {
    for (const width of WIDTHS) {
      test(`every route at ${width}px`, async ({ browser }, testInfo) => {
        test.setTimeout(240_000);
        await walk(browser, testInfo, language, width);
      });
    }
  });
}
