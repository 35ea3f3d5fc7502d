import { PROFILE_STATUSES, type TGetProfileResponse, type TProfileSummary } from '@centinela/shared';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';

let n = 0;

export function buildProfile(overrides: Partial<TProfileSummary> = {}): TProfileSummary {
  n += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 12) - n * 60_000).toISOString();
  return {
    id: crypto.randomUUID(),
    country: 'co',
    documentType: 'national_id',
    documentId: String(1020304050 + n),
    name: `Persona ${n}`,
    email: `p${n}@example.org`,
    phone: null,
    status: 'PASSED',
    createdAs: 'dashboard',
    pipelineId: null,
    manuallyReviewed: false,
    outcome: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function buildDetail(overrides: Partial<TGetProfileResponse> = {}): TGetProfileResponse {
  return {
    ...buildProfile(),
    birthDate: null,
    city: null,
    cityLocode: null,
    state: null,
    createdBy: null,
    createdByUsername: null,
    observations: null,
    validationComment: null,
    confirmedHomonym: false,
    excludedProcessType: null,
    crimeCategory: null,
    sentencingStatus: null,
    inputs: {},
    preferredContact: null,
    reports: [],
    consent: null,
    consentWithdrawal: null,
    ...overrides,
  };
}

export const counts = (total: number, byStatus: Partial<Record<(typeof PROFILE_STATUSES)[number], number>> = {}) => ({
  total,
  byStatus: Object.fromEntries(PROFILE_STATUSES.map((s) => [s, byStatus[s] ?? 0])),
});

/** A signed-in analyst (every profile scope) and the list endpoints answering `items`; more handlers on top. */
export function signedInWithProfiles(
  items: TProfileSummary[],
  extra: Parameters<typeof stubApi>[0] = {},
  total = items.length,
) {
  storeTokens(buildTokens());
  const user = buildUser({
    availableCountries: ['co', 'mx'],
    scope: ['profiles:read', 'profiles:write', 'profiles:delete', 'profiles:export', 'reports:run', 'reports:review'],
  });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items, nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, counts(total, { PASSED: total })),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    ...extra,
  });
}

/** The query of each list request made, in order. */
export const listQueries = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/v1/profiles').map((r) => new URL(r.url).searchParams);

/** For the first wait of a test (the app's lazy route, the first data): slow on a busy 2-core machine. */
export const PAGE_LOAD = { timeout: 5_000 } as const;
