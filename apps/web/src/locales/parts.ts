/**
 * The catalogues are loaded in parts, each its own chunk: `core` is what every page may show
 * before sign-in (the shell, sign-in, error and not-found pages, maintenance); `app` what the signed-in
 * shell and the profile list say, loaded with the signed-in layouts; `more` the rest (the other pages,
 * the list's dialogs and a person's flyout), loaded with those pages and the public form
 * (app/router.tsx) or with the dialogs' own chunks, before they render. vite.config.ts serves
 * `locales/<lang>.json?part=<part>` from the one catalogue file per language.
 */
export const CORE_SECTIONS = [
  'app',
  'languages',
  'countries',
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

/**
 * Keys in `more` (sections, or deeper): the other pages', and what the list's lazy dialogs, a person's
 * flyout and the free-plan banner say (they wait for `more` before they render: profiles-screen.tsx,
 * add-profile.tsx, list-actions.tsx, default-layout.tsx, features/sol).
 */
export const MORE_ROOTS = [
  'management',
  'csvImport',
  'webhooks',
  'watchlists',
  'inbox',
  'forms',
  'verify',
  'candidate',
  'pipelines',
  'metrics',
  'sol',
  'uploads',
  'liveProgress',
  'documents',
  'identity',
  'person',
  'credits',
  'reports.types',
  'reports.inputs',
  'profiles.create',
  'profiles.delete',
  'profiles.findings',
  'profiles.reports',
  'profiles.fields',
  'profiles.outcomes',
  'profiles.review',
  'profiles.reviewFields',
  'profiles.flyout',
  'profiles.views',
  'profiles.hold',
  'profiles.privacy',
  'profiles.consent',
  'profiles.hints',
  'profiles.inputs',
  'profiles.person',
  'profiles.validation',
] as const;

/** Keys under `MORE_ROOTS` kept in `app`: the navbar's and the list's links to those pages, the navbar metrics. */
export const MORE_KEPT_IN_APP = [
  'management.owners.title',
  'management.inactiveOwners.title',
  'management.users.title',
  'management.audit.title',
  'metrics.analytics.title',
  'metrics.navbar',
  'forms.nav',
  'webhooks.nav',
  'watchlists.nav',
  'watchlists.monitor',
  'csvImport.open',
  'pipelines.title',
  'profiles.create.open',
] as const;

/**
 * Keys of a core section that only pages loading `more` show: the identity document's picture errors
 * (the public form's identity step, the flyout's identity panel), the inbox's, the watch lists' rulings and
 * files. Kept out of every page's first load.
 */
export const CORE_MOVED_TO_MORE = [
  'errors.identity_empty_image',
  'errors.identity_not_an_image',
  'errors.identity_unsupported_format',
  'errors.identity_image_too_large',
  'errors.identity_image_too_small',
  'errors.identity_picture_retake',
  'errors.identity_engine_busy',
  'errors.identity_consent_required',
  'errors.identity_pictures_missing',
  'errors.identity_not_in_review',
  'errors.identity_not_waiting',
  // The review inbox's assignment errors: only its page (which loads `more`) shows them.
  'errors.inbox_assignee',
  'errors.inbox_item_closed',
  // Rulings (the flyout's watch-list panel, monitoring) and list files (the sources page): `more` pages only.
  'errors.watchlist_alert_reviewed',
  'errors.watchlist_ruling_reason',
  'errors.watchlist_ruling_change_reason',
  'errors.watchlist_ruling_document',
  'errors.watchlist_match_not_found',
  'errors.watchlist_file_format',
  'errors.watchlist_file_empty',
  'errors.watchlist_file_truncated',
  'errors.watchlist_file_shrank',
  'errors.watchlist_file_older',
  'errors.watchlist_download_failed',
] as const;

export const CATALOGUE_PARTS = { core: 'core', app: 'app', more: 'more' } as const;
export type CataloguePart = keyof typeof CATALOGUE_PARTS;

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part a key (dotted path) belongs to: its section's, or its longest listed prefix's. */
export function partOf(path: string): CataloguePart {
  const segments = path.split('.');
  if ((CORE_MOVED_TO_MORE as readonly string[]).includes(path)) return 'more';
  if ((CORE_SECTIONS as readonly string[]).includes(segments[0]!)) return 'core';
  let part: CataloguePart = 'app';
  for (let i = 1; i <= segments.length; i += 1) {
    const prefix = segments.slice(0, i).join('.');
    if ((MORE_ROOTS as readonly string[]).includes(prefix)) part = 'more';
    if ((MORE_KEPT_IN_APP as readonly string[]).includes(prefix)) part = 'app';
  }
  return part;
}

/** The keys of `catalogue` in `part`; the three parts hold every key once. */
export function pickPart(catalogue: Tree, part: CataloguePart, prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix + key;
    if (isTree(value)) {
      const inner = pickPart(value, part, `${path}.`);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (partOf(path) === part) {
      out[key] = value;
    }
  }
  return out;
}

/** `into` with `from`'s keys added, nested objects merged. */
export function mergeDeep(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] = isTree(current) && isTree(value) ? mergeDeep({ ...current }, value) : value;
  }
  return into;
}
