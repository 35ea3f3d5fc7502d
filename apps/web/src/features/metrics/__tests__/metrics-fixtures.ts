import { scopesForRoles, type TAnalyticsResponse, type TNavbarMetricsResponse } from '@centinela/shared';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';

export const navbarMetrics = (overrides: Partial<TNavbarMetricsResponse> = {}): TNavbarMetricsResponse => ({
  byStatus: { PENDING: 12, PENDING_MANUAL_REVIEW: 3, PASSED: 1234, FAILED: 8 },
  newToday: 5,
  timeZone: 'UTC',
  plan: 'standard',
  creditsAvailable: 0,
  consentAttestationRequired: false,
  ...overrides,
});

export const analytics = (overrides: Partial<TAnalyticsResponse> = {}): TAnalyticsResponse => ({
  range: { from: '2026-11-01', to: '2026-11-03', bucket: 'day', timeZone: 'UTC' },
  volume: [
    { period: '2026-11-01', profiles: 4, reports: 10 },
    { period: '2026-11-02', profiles: 0, reports: 0 },
    { period: '2026-11-03', profiles: 2, reports: 5 },
  ],
  statuses: [
    { status: 'PASSED', count: 4 },
    { status: 'FAILED', count: 2 },
  ],
  turnaround: [
    { type: 'criminal_records', country: 'co', reports: 3, p50: 1800, p90: 7200 },
    { type: 'news_search', country: 'mx', reports: 1, p50: 86400 * 3, p90: 86400 * 3 },
  ],
  manualReview: [{ type: 'criminal_records', reports: 10, review: 2 }],
  reviewers: [],
  credits: [],
  ...overrides,
});

/** A signed-in manager and the metrics endpoints answering; more handlers on top. */
export function signedInWithMetrics(handlers: Parameters<typeof stubApi>[0] = {}) {
  storeTokens(buildTokens());
  const user = buildUser({ roles: ['manager'], scope: scopesForRoles(['manager']) });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    'GET /api/v1/metrics/navbar': () => json(200, navbarMetrics()),
    'GET /api/v1/metrics/analytics': () => json(200, analytics()),
    ...handlers,
  });
}
