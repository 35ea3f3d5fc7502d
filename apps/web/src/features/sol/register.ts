import { withCatalogue } from '../../lib/i18n.ts';
import { registerReportPanel } from '../../lib/report-panels.ts';

/** Sol's report panel in the profile flyout (lazy: its chunk loads only when an employment_references report shows). */
export function registerSol(): void {
  // The panel is the whole report (summary, recording, transcript): no generic "No records found." above it.
  registerReportPanel(
    'employment_references',
    withCatalogue(() => import('./components/sol-report-panel.tsx'), 'more'),
    { findings: true },
  );
}
