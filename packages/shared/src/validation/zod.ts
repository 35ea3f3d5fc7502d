import type { z } from 'zod';
import { parseRules, type Rules } from './parse.ts';
import type { ValidateOptions, ValidationLocale } from './types.ts';
import { validate } from './validate.ts';

type Ctx<T> = z.core.$RefinementCtx<T>;

/**
 * The same rules inside a zod schema: `z.string().superRefine(zodRule('required|email', { locale: 'es' }))`.
 * Each failure becomes a custom issue with the translated message; `params` carries rule, key and
 * placeholders so a client can translate it into the user's language.
 */
export function zodRule(rules: Rules, options: ValidateOptions = {}) {
  const parsed = parseRules(rules);
  return <T>(value: T, ctx: Ctx<T>): void => {
    for (const { rule, key, params, message } of validate(value, parsed, options)) {
      ctx.addIssue({ code: 'custom', message, input: value, params: { rule, key, ...params } });
    }
  };
}

export interface FormRulesOptions<K extends string> {
  locale?: ValidationLocale;
  labels?: Partial<Record<K, string>>;
}

/**
 * Rules for several fields of an object, run with all its values (so `confirm` sees its counterpart):
 * `z.object({...}).superRefine(zodRules({ password: 'required|min:8', password_confirm: 'confirm' }))`.
 */
export function zodRules<K extends string>(rulesByField: Partial<Record<K, Rules>>, options: FormRulesOptions<K> = {}) {
  const fields = (Object.entries(rulesByField) as Array<[K, Rules]>).map(([name, rules]) => ({
    name,
    parsed: parseRules(rules),
  }));
  return <T extends Partial<Record<K, unknown>>>(values: T, ctx: Ctx<T>): void => {
    for (const { name, parsed } of fields) {
      const value = values[name];
      const label = options.labels?.[name];
      const issues = validate(value, parsed, { locale: options.locale, label, values, name });
      for (const { rule, key, params, message } of issues) {
        ctx.addIssue({ code: 'custom', message, input: value, path: [name], params: { rule, key, ...params } });
      }
    }
  };
}
