import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNavbarMetricsQueryOptions } from '../../features/metrics/api/get-navbar-metrics.ts';
import { buildProfile, signedInWithProfiles } from '../../features/profiles/__tests__/profiles-fixtures.ts';
import { openAlertsKey } from '../../features/watchlists/api/watchlists-key.ts';
import { renderApp } from '../../testing/render-app.tsx';

// A query's answer re-renders its subscriber at once, in one blocking render. The persons page
// subscribes to a few (navbar figures, credits, alerts, pipelines); their answers must not re-render the
// rows and the table's header, which format two dozen dates.
describe('persons list renders', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("re-renders no row or header date when one of the page's own queries answers", async () => {
    const profiles = Array.from({ length: 20 }, () => buildProfile());
    signedInWithProfiles(profiles);
    const { queryClient } = renderApp('/');
    await screen.findAllByTestId('profile-row', {}, { timeout: 10_000 });
    // The rows beyond the window follow in a background render (lib/use-window-rows.ts): all twenty are in
    // before counting, so that mounting them is not counted as re-rendering.
    await waitFor(() => expect(screen.getAllByTestId('profile-row')).toHaveLength(profiles.length));
    // Every date formatted from here on (a row's, or the header's two dozen).
    const formatted: string[] = [];
    const format = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format')!.get!;
    vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { get format(): unknown }, 'format', 'get').mockImplementation(
      function (this: Intl.DateTimeFormat) {
        const formatOne = format.call(this) as (date: Date) => string;
        return (date: Date) => {
          formatted.push(date.toISOString());
          return formatOne(date);
        };
      },
    );

    // The navbar figures (the page reads whether consent is required from them) arrive, then change; then
    // an open alert for a person, which that row shows. A query tells its subscribers in a later task:
    // once the badge is there, the figures' renders are done too.
    const navbar = getNavbarMetricsQueryOptions().queryKey;
    act(() => {
      queryClient.setQueryData(navbar, { consentAttestationRequired: false, creditsAvailable: 10 } as never);
      queryClient.setQueryData(navbar, { consentAttestationRequired: false, creditsAvailable: 9 } as never);
      queryClient.setQueryData(openAlertsKey, { alerts: [{ profileId: profiles[0]!.id }] } as never);
    });
    await screen.findByTestId('row-watchlist-alert');
    // The alerted row's own date, and nothing else: no other row, no header date. (Its render may run more
    // than once: the alert reaches the screen in a deferred render, which React may start over.)
    expect(formatted.length).toBeGreaterThan(0);
    expect(new Set(formatted)).toEqual(new Set([new Date(profiles[0]!.createdAt).toISOString()]));
  });
});
