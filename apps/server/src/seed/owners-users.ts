import { CATALOGUE_COUNTRIES, type CatalogueCountry, type Country, type Locale, type Role } from '@centinela/shared';
import type { Rng } from '../lib/rng.ts';
import { DAY, HOUR, addMs, type OwnerRow, type UserRow } from './types.ts';

export const DEMO_PASSWORD = 'centinela2026';
export type OwnerKey = 'acme' | 'pyme';
/** The code names the seed owns; finding either one means the demo is already there. */
export const DEMO_OWNER_CODES: readonly OwnerKey[] = ['acme', 'pyme'];

/** former@acme.test left this many days ago. */
export const FORMER_LEFT_DAYS = 40;

export type DemoAccount = { email: string; password: string; role: Role; owner: string; active: boolean };

/** The first day of `now`'s month (UTC), `monthsBack` months earlier. */
export const monthStart = (now: Date, monthsBack = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

export function ownerRows(now: Date, rng: Rng): Record<OwnerKey, OwnerRow> {
  const created = (at: Date) => ({ createdAt: at, updatedAt: at });
  return {
    acme: {
      id: rng.uuid(),
      codeName: 'acme',
      name: 'Acme Seguridad S.A.',
      plan: 'standard',
      country: 'co',
      taxId: '900123456-7',
      billingEmail: 'facturacion@acme.test',
      supportNotes: 'Demo tenant: standard plan, reports are not limited by credits.',
      // Its candidates see their findings on their own page; pyme's see only the state.
      candidateFindingsVisible: true,
      ...created(addMs(now, -200 * DAY)),
    },
    pyme: {
      id: rng.uuid(),
      codeName: 'pyme',
      name: 'Pyme Servicios Ltda.',
      plan: 'free',
      country: 'co',
      taxId: '901234567-1',
      billingEmail: 'gerencia@pyme.test',
      supportNotes: 'Demo tenant: free plan, 50 credits a month.',
      creditsInitial: 50,
      // Signed up on the first of a month at least 100 days ago, so every seeded profile has a refill before it.
      ...created(monthStart(addMs(now, -100 * DAY))),
    },
  };
}

type UserSpec = {
  email: string;
  role: Role;
  owner: OwnerKey | null;
  countries: readonly CatalogueCountry[];
  locale?: Locale;
  inactive?: boolean;
};

const USERS: readonly UserSpec[] = [
  { email: 'admin@centinela.test', role: 'admin', owner: null, countries: CATALOGUE_COUNTRIES },
  { email: 'support@centinela.test', role: 'support', owner: null, countries: CATALOGUE_COUNTRIES },
  { email: 'manager@acme.test', role: 'manager', owner: 'acme', countries: CATALOGUE_COUNTRIES },
  { email: 'analyst@acme.test', role: 'analyst', owner: 'acme', countries: ['co', 'mx', 'cl', 'pe'] },
  { email: 'viewer@acme.test', role: 'viewer', owner: 'acme', countries: ['co', 'mx'] },
  { email: 'manager@pyme.test', role: 'manager', owner: 'pyme', countries: ['co'], locale: 'es' },
  { email: 'analyst@pyme.test', role: 'analyst', owner: 'pyme', countries: ['co'] },
  // Left the company: shows an inactive user in management and the not-authorized sign-in.
  { email: 'former@acme.test', role: 'analyst', owner: 'acme', countries: ['co'], inactive: true },
];

export function demoAccounts(): DemoAccount[] {
  return USERS.map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    role: u.role,
    owner: u.owner ?? '',
    active: !u.inactive,
  }));
}

export function userRows(now: Date, rng: Rng, owners: Record<OwnerKey, OwnerRow>, passwordHash: string): UserRow[] {
  return USERS.map((u) => {
    const owner = u.owner ? owners[u.owner] : null;
    const createdAt = addMs(owner?.createdAt ?? addMs(now, -365 * DAY), rng.int(1, 48) * HOUR);
    return {
      id: rng.uuid(),
      ownerId: owner?.id ?? null,
      username: u.email,
      roles: [u.role],
      status: u.inactive ? 'inactive' : 'active',
      passwordHash,
      availableCountries: [...u.countries] as Country[],
      defaultCountry: u.countries.includes('co') ? 'co' : (u.countries[0] ?? null),
      defaultLocale: u.locale ?? 'en',
      lastLoginAt: addMs(now, u.inactive ? -(FORMER_LEFT_DAYS + 2) * DAY : -rng.int(1, 72) * HOUR),
      createdAt,
      updatedAt: u.inactive ? addMs(now, -FORMER_LEFT_DAYS * DAY) : createdAt,
    };
  });
}
