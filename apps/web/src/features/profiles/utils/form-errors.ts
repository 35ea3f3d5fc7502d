import type { TFunction } from 'i18next';
import { schemaErrors } from '../../../lib/form-validation.ts';

type Issue = { code: string; path: PropertyKey[]; message: string };
type SafeParser = { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: Issue[] } } };

/**
 * Errors of form values checked by the server's own schema (STYLE habit 3). Generic rules get SPEC §5's
 * wording (lib/form-validation); the schema's own message keys (`profiles.validation.*`) are translated.
 */
export function formErrors<F extends string>(schema: SafeParser, values: Record<F, unknown>, t: TFunction, language: string, labels: Record<F, string>) {
  const errors = schemaErrors(schema, values, language, labels);
  const result = schema.safeParse(values);
  if (result.success) return errors;
  const custom = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in labels) || custom.has(field) || !issue.message.startsWith('profiles.validation.')) continue;
    custom.add(field);
    errors[field] = t(issue.message as 'profiles.validation.invalidPhone');
  }
  return errors;
}
