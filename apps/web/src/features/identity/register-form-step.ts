import { registerFormStep } from '../../lib/form-steps.ts';
import { withCatalogue } from '../../lib/i18n.ts';

/**
 * The public form's document-and-selfie step, for a form whose pipeline runs the identity document
 * report: a lazy chunk. Registered by the forms route, so nothing of it reaches the other pages.
 */
export function registerIdentityFormStep(): void {
  registerFormStep(
    'identity',
    (definition) => definition.identity != null,
    withCatalogue(() => import('./components/identity-step.tsx'), 'more'),
  );
}
