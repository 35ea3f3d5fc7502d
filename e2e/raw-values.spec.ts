import {
  API_KEY_MODES,
  CREATED_AS,
  CREDIT_ENTRY_KINDS,
  CSV_JOB_STATUSES,
  DOCUMENT_TYPES,
  OWNER_PLANS,
  PROFILE_STATUSES,
  REFERENCE_CHECK_STATUSES,
  REFERENCE_STATUSES,
  REPORT_STATUSES,
  REPORT_TYPES,
  REVIEW_DECISIONS,
  ROLES,
  USER_STATUSES,
} from '@centinela/shared';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';
import { requestsInFlight } from './support/in-flight.ts';
import { BASE_URL } from './support/servers.ts';

// A person never reads a shared enum's code ("approved" on a Spanish page, PENDING_MANUAL_REVIEW,
// national_id). This walks the main pages in each language and scans what is visible — text nodes as written
// (not as CSS transforms them) and the values of visible fields — for the codes.
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };
const ADMIN = { email: 'admin@centinela.test', password: 'centinela2026' };

const CODES = [
  ...new Set<string>([
    ...PROFILE_STATUSES,
    ...REPORT_STATUSES,
    ...REPORT_TYPES,
    ...DOCUMENT_TYPES,
    ...CREATED_AS,
    ...OWNER_PLANS,
    ...USER_STATUSES,
    ...API_KEY_MODES,
    ...CSV_JOB_STATUSES,
    ...REFERENCE_CHECK_STATUSES,
    ...REFERENCE_STATUSES,
    ...CREDIT_ENTRY_KINDS,
    ...REVIEW_DECISIONS,
    ...ROLES,
  ]),
];
/** Codes that are also words of the product's own text or names of formats. */
const WORDS_EVERYWHERE = new Set(['api', 'csv']);
/**
 * On an English page a lowercase one-word code ("approved", "active") is English; only the codes no English
 * sentence writes (with an underscore, or in capitals) are raw there. On the other languages' pages every
 * code is.
 */
const rawIn = (locale: string) =>
  CODES.filter((c) => !WORDS_EVERYWHERE.has(c)).filter((c) => locale !== 'en' || /_|^[A-Z]+$/.test(c));

/** The codes the page shows, with the text around each. */
async function rawValues(page: Page, codes: string[]): Promise<string[]> {
  return page.evaluate((codes) => {
    const texts: string[] = [];
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // translate="no": technical text shown as it came (a download's error, a URL), not the product's words.
      if (!parent || parent.closest('script, style, noscript, [translate="no"]') || !visible(parent)) continue;
      if (node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
    ))
      if (visible(field) && field.value) texts.push(field.value);
    const found: string[] = [];
    for (const code of codes) {
      const pattern = new RegExp(`(?<![\\w@./-])${code}(?![\\w@./-])`);
      for (const text of texts) if (pattern.test(text)) found.push(`${code} in “${text.trim().slice(0, 80)}”`);
    }
    return found;
  }, codes);
}

type Requests = ReturnType<typeof requestsInFlight>;

async function expectNoRawValues(page: Page, requests: Requests, locale: string, screen: string) {
  // Waits for the page to settle (its data loaded) before reading it.
  await requests.settled();
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => rawValues(page, rawIn(locale)), { message: `${screen}: raw enum values` }).toEqual([]);
}

/** A person reviewed as approved, so its outcome field holds the decision's code. */
async function approvedPerson(page: Page): Promise<string> {
  const login = await page.request.post(`${BASE_URL}/api/auth/login`, { data: MANAGER });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const list = await page.request.get(`${BASE_URL}/api/v1/profiles?country=co&status=PENDING_MANUAL_REVIEW&limit=1`, {
    headers,
  });
  const [person] = ((await list.json()) as { items: { id: string }[] }).items;
  expect(person, 'a Colombian person waiting for review').toBeTruthy();
  const review = await page.request.post(`${BASE_URL}/api/v1/profiles/${person!.id}/review`, {
    headers,
    data: { decision: 'approved' },
  });
  expect(review.ok()).toBe(true);
  return person!.id;
}

const LOCALES = [
  { locale: 'en', prefix: '' },
  { locale: 'es', prefix: '/es' },
  { locale: 'pt', prefix: '/pt' },
] as const;

for (const { locale, prefix } of LOCALES) {
  test(`[WORDING] ${locale}: the client's pages show no raw enum value`, async ({ page }) => {
    test.setTimeout(120_000);
    const reviewed = await approvedPerson(page);
    await apiSignIn(page, MANAGER);
    const requests = requestsInFlight(page);
    for (const path of [
      '/persons/co',
      `/persons/co/${reviewed}`,
      '/persons/co/upload',
      '/pipelines',
      '/analytics',
      '/webhooks',
      '/monitoring',
      '/forms',
      '/management/users',
      '/management/audit',
      '/management/retention',
    ]) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoRawValues(page, requests, locale, `${prefix}${path}`);
    }
  });

  test(`[WORDING] ${locale}: the platform staff's pages show no raw enum value`, async ({ page }) => {
    test.setTimeout(120_000);
    await apiSignIn(page, ADMIN);
    const requests = requestsInFlight(page);
    for (const path of ['/management/owners', '/management/owners/inactive', '/management/users', '/sources']) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoRawValues(page, requests, locale, `${prefix}${path}`);
    }
  });
}
