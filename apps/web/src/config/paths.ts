/** Locale-neutral paths; `localizePath` (lib/locale.ts) adds the /es prefix where needed. */
export const paths = {
  home: '/',
  login: '/login',
} as const;
