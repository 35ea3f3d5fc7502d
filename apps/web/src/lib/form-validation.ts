import { toValidationLocale, translate, VALIDATION_MESSAGES, type ValidationLocale } from '@centinela/shared';
import type { TFunction } from 'i18next';

/** The parts of a zod issue we read; the shared schemas are zod, but the web app only needs this shape. */
type Issue = {
  code: string;
  path: PropertyKey[];
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  format?: string;
};
type SafeParser = {
  safeParse: (values: unknown) => { success: true } | { success: false; error: { issues: Issue[] } };
};

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A schema's own general rule, e.g. 'validation.hidden_characters' → 'hidden_characters' ('invalid' says nothing). */
function sharedRule(message: string | undefined): string | undefined {
  const rule = message?.startsWith('validation.') ? message.slice('validation.'.length) : undefined;
  return rule && rule !== 'invalid' && Object.hasOwn(VALIDATION_MESSAGES.en, rule) ? rule : undefined;
}

/** What a size bound counts: a text's characters, a list's items, or (a number) the value itself. */
const SIZE_SUFFIX: Record<string, string> = { string: '_length', array: '_items', set: '_items' };

/** 'min_items', 'max_length', 'max'…: zod's bound on the field, with its limit (plural-aware). */
function bound(locale: ValidationLocale, issue: Issue, field: string): string {
  const kind = issue.code === 'too_big' ? 'max' : 'min';
  const limit = Number(kind === 'max' ? issue.maximum : issue.minimum);
  const suffix = SIZE_SUFFIX[issue.origin ?? ''] ?? '';
  return translate(`${kind}${suffix}`, locale, { [kind]: limit, count: limit }, field);
}

/** SPEC §5's messages come from the shared validation library, the same words the server's rules use. */
function messageFor(locale: ValidationLocale, issue: Issue, value: unknown, field: string): string {
  if (isBlank(value)) return translate('required', locale, {}, field);
  const rule = sharedRule(issue.message);
  if (rule) return translate(rule, locale, {}, field);
  if (issue.code === 'too_big' || issue.code === 'too_small') return bound(locale, issue, field);
  if (issue.code === 'invalid_format' && issue.format === 'email') return translate('email', locale, {}, field);
  return translate('default', locale, {}, field);
}

/**
 * Validates form values with the server's own schema (STYLE habit 3) and turns the first issue of each
 * field into a translated message (SPEC §5 wording). `labels` name the fields inside those messages.
 */
export function schemaErrors<F extends string>(
  schema: SafeParser,
  values: Record<F, unknown>,
  language: string,
  labels: Record<F, string>,
): Partial<Record<F, string>> {
  const locale = toValidationLocale(language);
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    if (!(field in labels) || errors[field] !== undefined) continue;
    errors[field] = messageFor(locale, issue, values[field], labels[field]);
  }
  return errors;
}

/**
 * `schemaErrors`, plus the schema's own message keys — those under `keyPrefix` (e.g.
 * 'profiles.validation.') — translated from the app's catalogue: one field, one message.
 */
export function formErrors<F extends string>(
  schema: SafeParser,
  values: Record<F, unknown>,
  t: TFunction,
  language: string,
  labels: Record<F, string>,
  keyPrefix: string,
): Partial<Record<F, string>> {
  const errors = schemaErrors(schema, values, language, labels);
  const result = schema.safeParse(values);
  if (result.success) return errors;
  const translated = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in labels) || translated.has(field) || !issue.message?.startsWith(keyPrefix)) continue;
    translated.add(field);
    errors[field] = (t as unknown as (key: string) => string)(issue.message);
  }
  return errors;
}
