import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@centinela/shared';

/** The part of Vite's build manifest (apps/web/dist/.vite/manifest.json) this reads. */
type ManifestChunk = { file: string; name?: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The persons list pages (home and one country's list, in every locale): what a page load of one of them
 * needs beyond index.html is its layout, its page and the locale's catalogue parts, which the app asks for
 * only once its entry has run. Named here, their files start downloading with the entry.
 */
const LIST_PAGES: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/?$/, modules: ['src/app/layouts/default-layout.tsx', 'src/app/routes/home.tsx'] },
  {
    pattern: /^\/persons\/([a-z]{2})\/?$/,
    modules: ['src/app/layouts/default-layout.tsx', 'src/app/routes/persons-country.tsx'],
  },
];
const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')})(?=/|$)`);
/** The catalogue parts a signed-in page loads (web's lib/i18n.ts: core at start, app with the layout). */
const catalogueParts = (locale: Locale) => [
  `src/locales/${locale}.json?part=core`,
  `src/locales/${locale}.json?part=app`,
];

/**
 * What a list page loads once its first paint is on screen (web's `afterPaint` and `whenPainted`), by
 * chunk name: the toasts' viewport, the navigation bar, the pickers' real widgets, the navbar's figures.
 */
export const AFTER_PAINT_PARTS = [
  'toast-viewport',
  'progress-bar',
  'floating',
  'date-range-input',
  'navbar-metrics',
  'open-alerts-count',
  'free-plan-banner',
];

/**
 * Zod's chunk, by name (web's build/shared-chunks.ts): every signed-in page's first answers are parsed
 * with it, and the app evaluates it on its own before the first schema module (web's lib/zod-first.ts),
 * so a list page asks for it with its own chunks rather than once the app has started.
 */
const ZOD_CHUNK = 'zod';

/** The manifest's closure of `keys` (each chunk and what it imports). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** Vite's build manifest of the app built in `root`, or null for a build without one. */
export const readManifest = (root: string): Manifest | null => {
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  return existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
};

/**
 * `<link rel="stylesheet">`s for the styles of the parts a list page loads after its first paint
 * (AFTER_PAINT_PARTS), leaving out index.html's. A drawn page inlines them with its own (web-shell.ts):
 * arriving one part at a time, each stylesheet restyled the whole document in a task of its own,
 * one per part. '' without a manifest.
 */
export function afterPaintStylesheets(manifest: Manifest | null): string {
  if (!manifest) return '';
  const inIndex = closure(manifest, ['index.html']);
  const parts = Object.keys(manifest).filter(
    (key) => AFTER_PAINT_PARTS.includes(manifest[key]!.name ?? '') && manifest[key]!.file.endsWith('.js'),
  );
  const keys = [...closure(manifest, parts)].filter((key) => !inIndex.has(key));
  return [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))]
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
}

/**
 * `<link>`s for index.html by page: modulepreload for the page's JS and zod's, preload for its styles,
 * leaving out what index.html itself loads. Returns '' for other pages, and for every page without a
 * manifest (a build without it, or none: the app then loads as before, just later).
 */
export function webPreloads(manifest: Manifest | null): (pathname: string) => string {
  if (!manifest) return () => '';
  const inIndex = closure(manifest, ['index.html']);
  const zod = Object.keys(manifest).filter(
    (key) => manifest[key]!.name === ZOD_CHUNK && manifest[key]!.file.endsWith('.js'),
  );
  const links = (modules: string[], locale: Locale): string => {
    const keys = [...closure(manifest, [...modules, ...catalogueParts(locale), ...zod])].filter(
      (key) => !inIndex.has(key),
    );
    const js = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const css = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${file}">`,
    );
    return [...js, ...css].join('');
  };
  const cache = new Map<string, string>();
  return (pathname) => {
    const page = listPage(pathname);
    if (!page) return '';
    const key = `${page.locale} ${page.modules.join()}`;
    if (!cache.has(key)) cache.set(key, links(page.modules, page.locale));
    return cache.get(key)!;
  };
}

/** A persons list page: its locale, the country of /persons/<country>, whether it is the bare root `/`. */
export type ListPage = { locale: Locale; country?: string; bareRoot: boolean };

/** Which persons list page `pathname` is (its locale, the country of /persons/<country>), or null. */
export function listPage(pathname: string): (ListPage & { modules: string[] }) | null {
  const locale = (pathname.match(LOCALE_PREFIX)?.[1] as Locale | undefined) ?? DEFAULT_LOCALE;
  const rest = pathname.replace(LOCALE_PREFIX, '');
  for (const { pattern, modules } of LIST_PAGES) {
    const match = rest.match(pattern);
    if (match) return { locale, modules, bareRoot: pathname === '/', ...(match[1] ? { country: match[1] } : {}) };
  }
  return null;
}
