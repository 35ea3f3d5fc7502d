import {
  scopesForRoles,
  type Role,
  type TMonitoringSummary,
  type TWatchlistAlert,
  type TWatchlistMatch,
} from '@centinela/shared';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';

/** OFAC 48070 as the 2024-05-03 list names it: tied to the person by C.U.R.P. */
export function buildMatch(overrides: Partial<TWatchlistMatch> = {}): TWatchlistMatch {
  return {
    source: 'ofac-sdn',
    entryId: '48070',
    reference: null,
    url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=48070',
    kind: 'individual',
    name: 'MARIN GONZALEZ, Porthos',
    matchedName: 'MARIN GONZALEZ, Porthos',
    matchedBy: 'id',
    score: 1,
    nameScore: 1,
    birthDate: 'agrees',
    birthDates: ['11 Jan 1996'],
    document: { type: 'curp', number: 'MAGP960111HSLRNR03', country: 'MX' },
    nationalities: ['MX'],
    programs: ['ILLICIT-DRUGS-EO14059'],
    listedOn: null,
    versionSeq: 2,
    ...overrides,
  };
}

export function buildAlert(overrides: Partial<TWatchlistAlert> = {}): TWatchlistAlert {
  return {
    id: crypto.randomUUID(),
    profileId: crypto.randomUUID(),
    profileName: 'Porthos Marín González',
    reportId: null,
    kind: 'match',
    match: buildMatch(),
    versionSeq: 2,
    createdAt: '2026-11-20T15:00:00.000Z',
    resolution: null,
    reviewedAt: null,
    reviewedBy: null,
    ...overrides,
  };
}

export function buildSummary(overrides: Partial<TMonitoringSummary> = {}): TMonitoringSummary {
  return {
    settings: { reviewThreshold: 0.82, monitorAll: false },
    enrolled: 1,
    openAlerts: 1,
    lists: [
      {
        source: 'ofac-sdn',
        seq: 2,
        publishedAt: '2024-05-03T00:00:00.000Z',
        stale: true,
        checkedAt: null,
        entries: 14966,
      },
      {
        source: 'un-sc',
        seq: 1,
        publishedAt: '2018-10-29T23:09:49.856Z',
        stale: false,
        checkedAt: null,
        entries: 1093,
      },
    ],
    ...overrides,
  };
}

export const enrolment = (profileId: string, name: string) => ({
  profileId,
  name,
  country: 'mx' as const,
  status: 'FAILED',
  via: 'person' as const,
  enrolledAt: '2026-11-19T10:00:00.000Z',
  openAlerts: 1,
});

/** A signed-in user of Acme with the roles' scopes, and the API's handlers. */
export function signedInAs(roles: Role[], handlers: Parameters<typeof stubApi>[0]) {
  storeTokens(buildTokens());
  const platform = roles.some((r) => r === 'admin' || r === 'support');
  const user = buildUser({ roles, scope: scopesForRoles(roles), ...(platform && { owner: null }) });
  return stubApi({ 'GET /api/auth/user': () => json(200, { user }), ...handlers });
}

/** For the first wait of a test (the app's lazy route, the first data): slow on a busy 2-core machine. */
export const PAGE_LOAD = { timeout: 8_000 } as const;
