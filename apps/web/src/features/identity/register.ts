import { withCatalogue } from '../../lib/i18n.ts';
import { registerReportPanel } from '../../lib/report-panels.ts';

/**
 * The identity document report's panel in the person's flyout: a lazy chunk, loaded when such a report
 * shows; also shown while the report waits for its pictures, which staff add there.
 */
export function registerIdentity(): void {
  registerReportPanel(
    'identity_document',
    withCatalogue(() => import('./components/identity-report-panel.tsx'), 'more'),
    { findings: true, incomplete: true },
  );
}
