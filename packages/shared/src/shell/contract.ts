import type { TAuthUser } from '../auth/schemas.ts';
import type { Country, Locale } from '../enums.ts';

/**
 * What the server and the web app agree on for a page load that comes with the persons list's frame drawn:
 * the input of apps/web's src/shell/render-shell.tsx, which apps/server's plugins/web-shell.ts
 * calls, and the names of the cookies the web app writes and that server reads to know whose page it draws.
 */
export type ShellInput = { pathname: string; search: string; locale: Locale; user: TAuthUser; country?: Country };

/** The sign-in strategies whose tokens the web app keeps (SPEC §4: the OAuth2 one, 'oidc', and 'local'). */
export const AUTH_STRATEGIES = ['local', 'oidc'] as const;
export type AuthStrategy = (typeof AUTH_STRATEGIES)[number];

/**
 * The web app's session keys, each kept in localStorage and mirrored in a cookie on '/' (SPEC §9: prefix
 * 'auth.', token prefix '_token.', refresh prefix '_refresh_token.'). As in Nuxt auth, the keys carry the
 * strategy that signed in, and `strategy` names the active one.
 */
const AUTH_PREFIX = 'auth.';
export const AUTH_COOKIES = {
  strategy: `${AUTH_PREFIX}strategy`,
  token: (strategy: AuthStrategy) => `${AUTH_PREFIX}_token.${strategy}`,
  refreshToken: (strategy: AuthStrategy) => `${AUTH_PREFIX}_refresh_token.${strategy}`,
} as const;
/** A token cookie's value is `<TOKEN_TYPE> <token>` (SPEC §9), ready for the Authorization header. */
export const TOKEN_TYPE = 'Bearer';

/** The language a visitor chose last: it decides a redirect of the bare root only (SPEC §2), for 365 days. */
export const LOCALE_COOKIE = 'i18n_redirected';

/** What a page load of one list page names beyond index.html: modules to preload, stylesheets. */
export type PageFiles = { js: string[]; css: string[] };

/**
 * The persons list pages' files, written by apps/web's build (build/page-preloads.ts) beside Vite's manifest
 * and read by apps/server's plugins/web-preloads.ts, so the server knows the pages by route, never by the
 * web app's source files. `pages`: per list page and locale; `afterPaintCss`: the stylesheets of the parts a
 * list page loads once it has painted, which a drawn page inlines with its own.
 */
export type PagePreloads = { pages: Record<ListPageId, Partial<Record<Locale, PageFiles>>>; afterPaintCss: string[] };

/** The persons list pages: `/` (home, the default country's list) and `/persons/<country>`. */
export const LIST_PAGE_IDS = ['home', 'persons-country'] as const;
export type ListPageId = (typeof LIST_PAGE_IDS)[number];

/** Where the build writes PagePreloads, relative to the built app's root (apps/web/dist). */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';
