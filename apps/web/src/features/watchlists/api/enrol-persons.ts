import { apiRequest } from '../../../lib/api-client.ts';
import { lazyParser } from '../../../lib/http.ts';

// The persons list offers this action: its schema loads with the request, not with the list.
type EnrolResponse = { enrolled: number };
const parser = lazyParser<EnrolResponse>(() =>
  import('@centinela/shared/watchlists/schemas').then((m) => m.ZEnrolResponse),
);

/** POST /api/v1/watchlists/enrolments — chosen persons (at most 1,000) start being monitored. */
export function enrolPersons(profileIds: readonly string[]): Promise<EnrolResponse> {
  return apiRequest('/api/v1/watchlists/enrolments', parser, { method: 'POST', body: { profileIds } });
}
