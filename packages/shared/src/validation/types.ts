/** Languages the validation messages exist in (SPEC §1: Portuguese exists for validation only). */
export const VALIDATION_LOCALES = ['en', 'es', 'pt'] as const;
export type ValidationLocale = (typeof VALIDATION_LOCALES)[number];

/** A rule argument: strings from the rule string, or real values from the array syntax. */
export type RuleArg = string | number | RegExp;

/** What a rule may look at besides the value: the other fields (confirm) and its own name. */
export interface RuleContext {
  values: Readonly<Record<string, unknown>>;
  name: string | undefined;
}

/** A failing rule names its message key and the placeholders that message needs. */
export interface RuleFailure {
  key: string;
  params?: MessageParams;
}

/** Placeholder values; a list is joined in the message's language ('a, b or c'). */
export type MessageParams = Record<string, string | number | readonly string[]>;

/** Returns null when the value passes. */
export type RuleFn = (value: unknown, args: readonly RuleArg[], ctx: RuleContext) => RuleFailure | null;

/** One failed rule, with its message in the requested language and the key to translate it elsewhere. */
export interface ValidationIssue {
  rule: string;
  key: string;
  message: string;
  /** The placeholders, so a client can translate `key` again: translate(key, locale, params, label). */
  params: MessageParams;
}

export interface ValidateOptions {
  locale?: ValidationLocale;
  /** The field's label as the user sees it, used in messages ('Name is required.'). */
  label?: string;
  /** All the form's values, for rules that compare fields (confirm). */
  values?: Readonly<Record<string, unknown>>;
  /** The field's name in `values`; confirm's default counterpart is derived from it. */
  name?: string;
}
