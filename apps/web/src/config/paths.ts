import type { Country } from '@centinela/shared';

/** Locale-neutral paths; `localizePath` (lib/locale.ts) adds the /es prefix where needed. */
export const paths = {
  home: '/',
  login: '/login',
  /** Where the sign-in provider sends the browser back (SPEC §2). */
  callback: '/callback',
  persons: (country: Country) => `/persons/${country}`,
  /** The CSV batch upload wizard for one country. */
  personsUpload: (country: Country) => `/persons/${country}/upload`,
  person: (id: string, country?: Country) => (country ? `/persons/${country}/${id}` : `/persons/${id}`),
  management: {
    owners: '/management/owners',
    inactiveOwners: '/management/owners/inactive',
    users: '/management/users',
    audit: '/management/audit',
    /** How long the owner keeps persons, what expires soon, legal holds. */
    retention: '/management/retention',
  },
  analytics: '/analytics',
  webhooks: '/webhooks',
  /** Watch-list monitoring of the owner's persons, and the lists' health for platform staff. */
  monitoring: '/monitoring',
  /** What waits for a reviewer. */
  inbox: '/inbox',
  sources: '/sources',
  forms: (code?: string) => (code ? `/forms/${code}` : '/forms'),
} as const;
