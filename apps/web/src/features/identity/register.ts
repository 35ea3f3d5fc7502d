import { withCatalogue } from '../../lib/i18n.ts';
import { registerFormStep } from '../../lib/form-steps.ts';
import { registerReportPanel } from '../../lib/report-panels.ts';

/**
 * The identity document report's parts, each a lazy chunk: the public form's document-and-selfie step
 * (only for a form whose pipeline runs the report) and the report's panel in the person's flyout.
 */
export function registerIdentity(): void {
  registerFormStep(
    'identity',
    (definition) => definition.identity != null,
    withCatalogue(() => import('./components/identity-step.tsx'), 'more'),
  );
  registerReportPanel(
    'identity_document',
    withCatalogue(() => import('./components/identity-report-panel.tsx'), 'more'),
    { findings: true, incomplete: true },
  );
}
