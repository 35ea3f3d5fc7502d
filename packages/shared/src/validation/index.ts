/**
 * Form validation rules shared by the web forms and the server (SPEC §5), FormKit-style:
 * `validate(value, 'required|email', { locale: 'es', label: 'Correo' })`.
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
