/**
 * SPEC §5's general form rules and their messages (en, es, pt), FormKit-style:
 * `validate(value, 'required|email', { locale: 'es', label: 'Correo' })`.
 * In use: the messages (`translate`, `toValidationLocale`: web's lib/form-validation.ts words a shared zod
 * schema's failures with them). Available, used by no form or schema today: the rules (RULES, validate,
 * parseRules) and their adapters to Mantine forms (formValidator, fieldValidator, VALIDATE_ON) and to zod
 * (zodRule, zodRules) — SPEC §5 lists them without saying which fields use them; docs/validation-rules.md.
 */
export { VALIDATE_ON, fieldValidator, formValidator, type FieldValidator } from './form.ts';
export { VALIDATION_MESSAGES, formatList, toValidationLocale, translate, type MessageKey } from './messages/index.ts';
export { UnknownRuleError, parseRules, type ParsedRule, type ParsedRules, type RuleSpec, type Rules } from './parse.ts';
export { RULES, UPLOAD_TYPES, type FileLike, type RuleName } from './rules/index.ts';
export {
  VALIDATION_LOCALES,
  type MessageParams,
  type RuleArg,
  type ValidateOptions,
  type ValidationIssue,
  type ValidationLocale,
} from './types.ts';
export { validate } from './validate.ts';
export { zodRule, zodRules, type FormRulesOptions } from './zod.ts';
