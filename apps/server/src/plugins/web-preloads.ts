import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@centinela/shared';
import { PAGE_PRELOADS_FILE, type ListPageId, type PagePreloads } from '@centinela/shared/shell/contract';

/**
 * The persons list pages by route (SPEC §2): what a page load of one of them needs beyond index.html is
 * named in the build's PAGE_PRELOADS_FILE (apps/web's build/page-preloads.ts), so its files start
 * downloading with the entry. The server knows the routes; the web build knows which files serve them.
 */
const LIST_PAGES: { pattern: RegExp; page: ListPageId }[] = [
  { pattern: /^\/?$/, page: 'home' },
  { pattern: /^\/persons\/([a-z]{2})\/?$/, page: 'persons-country' },
];
const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')})(?=/|$)`);

/** The build's list page files (PAGE_PRELOADS_FILE) of the app built in `root`, or null for a build without them. */
export const readPagePreloads = (root: string): PagePreloads | null => {
  const file = path.join(root, PAGE_PRELOADS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PagePreloads) : null;
};

/**
 * `<link rel="stylesheet">`s for the styles of the parts a list page loads after its first paint. A drawn
 * page inlines them with its own (web-shell.ts): arriving one part at a time, each stylesheet restyled the
 * whole document in a task of its own. '' without the build's list.
 */
export function afterPaintStylesheets(preloads: PagePreloads | null): string {
  return (preloads?.afterPaintCss ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

/**
 * `<link>`s for index.html by page: modulepreload for the page's JS, preload for its styles. Returns '' for
 * other pages, and for every page without the build's list (the app then loads as before, just later).
 */
export function webPreloads(preloads: PagePreloads | null): (pathname: string) => string {
  if (!preloads) return () => '';
  const cache = new Map<string, string>();
  return (pathname) => {
    const page = listPage(pathname);
    const files = page && preloads.pages[page.page]?.[page.locale];
    if (!files) return '';
    const key = `${page.locale} ${page.page}`;
    if (!cache.has(key)) {
      const js = files.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const css = files.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
      cache.set(key, [...js, ...css].join(''));
    }
    return cache.get(key)!;
  };
}

/** A persons list page: its locale, the country of /persons/<country>, whether it is the bare root `/`. */
export type ListPage = { locale: Locale; country?: string; bareRoot: boolean };

/** Which persons list page `pathname` is (its locale, the country of /persons/<country>), or null. */
export function listPage(pathname: string): (ListPage & { page: ListPageId }) | null {
  const locale = (pathname.match(LOCALE_PREFIX)?.[1] as Locale | undefined) ?? DEFAULT_LOCALE;
  const rest = pathname.replace(LOCALE_PREFIX, '');
  for (const { pattern, page } of LIST_PAGES) {
    const match = rest.match(pattern);
    if (match) return { locale, page, bareRoot: pathname === '/', ...(match[1] ? { country: match[1] } : {}) };
  }
  return null;
}
