import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PAGE_PRELOADS_FILE,
  type ListPageId,
  type PageFiles,
  type PagePreloads,
} from '@centinela/shared/shell/contract';
import type { Plugin } from 'vite';

/** The part of Vite's build manifest (dist/.vite/manifest.json) this reads. */
export type ManifestChunk = { file: string; name?: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * What a list page needs beyond index.html: its layout and page, which the app asks for only once its entry
 * has run. Named in the page's head, their files start downloading with the entry.
 */
const LIST_PAGE_MODULES: Record<ListPageId, string[]> = {
  home: ['src/app/layouts/default-layout.tsx', 'src/app/routes/home.tsx'],
  'persons-country': ['src/app/layouts/default-layout.tsx', 'src/app/routes/persons-country.tsx'],
};

/** The catalogue parts a signed-in page loads (lib/i18n.ts: core at start, app with the layout). */
const CATALOGUE_PART = /^src\/locales\/(\w+)\.json\?part=(core|app)$/;
const PART_ORDER = ['core', 'app'];

/**
 * Zod's chunk, by name (shared-chunks.ts): every signed-in page's first answers are parsed with it, and the
 * app evaluates it on its own before the first schema module (lib/zod-first.ts), so a list page asks for it
 * with its own chunks rather than once the app has started.
 */
const ZOD_CHUNK = 'zod';

/**
 * What a list page loads once its first paint is on screen (src/first-load/after-first-paint.ts), by chunk name: the
 * toasts' viewport, the navigation bar, the pickers' widgets, the navbar's figures. A drawn page inlines
 * their styles with its own: arriving one part at a time, each stylesheet restyled the whole document.
 */
export const AFTER_PAINT_PARTS = [
  'toast-viewport',
  'progress-bar',
  'navbar-metrics',
  'open-alerts-count',
  'free-plan-banner',
];

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

const byName = (manifest: Manifest, names: string[]) =>
  Object.keys(manifest).filter(
    (key) => names.includes(manifest[key]!.name ?? '') && manifest[key]!.file.endsWith('.js'),
  );
const stylesOf = (manifest: Manifest, keys: string[]) => [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))];

/** The list pages' files per locale, and the after-paint parts' stylesheets, leaving out index.html's own. */
export function pagePreloads(manifest: Manifest): PagePreloads {
  const inIndex = closure(manifest, ['index.html']);
  const zod = byName(manifest, [ZOD_CHUNK]);
  const catalogues = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const locale = CATALOGUE_PART.exec(key)?.[1];
    if (locale) catalogues.set(locale, [...(catalogues.get(locale) ?? []), key]);
  }
  for (const parts of catalogues.values())
    parts.sort(
      (a, b) => PART_ORDER.indexOf(CATALOGUE_PART.exec(a)![2]!) - PART_ORDER.indexOf(CATALOGUE_PART.exec(b)![2]!),
    );
  const files = (modules: string[], locale: string): PageFiles => {
    const keys = [...closure(manifest, [...modules, ...catalogues.get(locale)!, ...zod])].filter(
      (key) => !inIndex.has(key),
    );
    return { js: keys.map((key) => manifest[key]!.file), css: stylesOf(manifest, keys) };
  };
  const pages = Object.fromEntries(
    Object.entries(LIST_PAGE_MODULES).map(([page, modules]) => [
      page,
      Object.fromEntries([...catalogues.keys()].map((locale) => [locale, files(modules, locale)])),
    ]),
  ) as PagePreloads['pages'];
  const afterPaint = [...closure(manifest, byName(manifest, AFTER_PAINT_PARTS))].filter((key) => !inIndex.has(key));
  return { pages, afterPaintCss: stylesOf(manifest, afterPaint) };
}

/**
 * Writes PAGE_PRELOADS_FILE beside Vite's manifest: the route → files table the server reads to name a list
 * page's chunks in its head, so the server knows pages by route and never names a source file of this app.
 * Fails the build when a list page's module is no chunk of its own (renamed, or no longer lazy).
 */
export function pagePreloadsFile(): Plugin {
  return {
    name: 'centinela:page-preloads',
    apply: 'build',
    async writeBundle(options, bundle) {
      const asset = bundle['.vite/manifest.json'];
      if (asset?.type !== 'asset') return;
      const manifest = JSON.parse(String(asset.source)) as Manifest;
      const missing = Object.values(LIST_PAGE_MODULES)
        .flat()
        .filter((module) => !manifest[module]);
      if (missing.length) this.error(`list page modules missing from the build: ${missing.join(', ')}`);
      const file = path.join(options.dir ?? 'dist', PAGE_PRELOADS_FILE);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(pagePreloads(manifest)));
    },
  };
}
