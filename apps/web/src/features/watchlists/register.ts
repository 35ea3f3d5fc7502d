import { withCatalogue } from '../../lib/i18n.ts';
import { registerReportPanel } from '../../lib/report-panels.ts';

/** The watch-lists report's findings in the profile flyout (lazy: its chunk loads only when such a report shows). */
export function registerWatchlists(): void {
  registerReportPanel(
    'watchlists',
    withCatalogue(() => import('./components/watchlist-report-panel.tsx'), 'more'),
    { findings: true },
  );
}
