import { parseRules, type Rules } from './parse.ts';
import type { ValidateOptions } from './types.ts';
import { validate } from './validate.ts';
import type { FormRulesOptions } from './zod.ts';

/**
 * Errors show when the user leaves a field (SPEC §5), not while typing: with Mantine,
 * `useForm({ validate, validateInputOnBlur: true })`.
 */
export const VALIDATE_ON = 'blur' as const;

/** One field's check as Mantine's `useForm` calls it: the first failure's message, or null. */
export type FieldValidator<Value = unknown, Values = Record<string, unknown>> = (
  value: Value,
  values: Values,
) => string | null;

/** A field's rules as a Mantine field validator. Throws at once for an unknown rule. */
export function fieldValidator<Value = unknown, Values = Record<string, unknown>>(
  rules: Rules,
  options: Omit<ValidateOptions, 'values'> = {},
): FieldValidator<Value, Values> {
  const parsed = parseRules(rules);
  return (value, values) =>
    validate(value, parsed, { ...options, values: (values ?? {}) as Record<string, unknown> })[0]?.message ?? null;
}

/**
 * Rules by field name → the object Mantine's `useForm({ validate })` takes, one validator per field:
 * `useForm({ validate: formValidator({ email: 'required|email' }, { locale, labels: { email: t('Email') } }) })`.
 */
export function formValidator<Values extends Record<string, unknown>>(
  rulesByField: { [K in keyof Values & string]?: Rules },
  options: FormRulesOptions<keyof Values & string> = {},
): { [K in keyof Values & string]?: FieldValidator<Values[K], Values> } {
  const out: { [K in keyof Values & string]?: FieldValidator<Values[K], Values> } = {};
  for (const name of Object.keys(rulesByField) as Array<keyof Values & string>) {
    const rules = rulesByField[name];
    if (rules === undefined) continue;
    out[name] = fieldValidator(rules, { locale: options.locale, label: options.labels?.[name], name });
  }
  return out;
}
