/**
 * The catalogues are loaded in parts (issue #11), each its own chunk: `core` is what every page may show
 * before sign-in (the shell, sign-in, error and not-found pages, maintenance); `app` is the rest, loaded
 * with the signed-in layouts and the public form (app/router.tsx), before they render. vite.config.ts
 * serves `locales/<lang>.json?part=<part>` from the one catalogue file per language.
 */
export const CORE_SECTIONS = [
  'app',
  'languages',
  'common',
  'auth',
  'roles',
  'errors',
  'notFound',
  'errorPage',
  'nav',
  'maintenance',
  'a11y',
  'network',
] as const;

export const CATALOGUE_PARTS = { core: 'core', app: 'app' } as const;
export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** The sections of `catalogue` in `part`: `app` holds every section `core` does not. */
export function pickPart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  const core = new Set<string>(CORE_SECTIONS);
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => core.has(section) === (part === 'core')));
}
