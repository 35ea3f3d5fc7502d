import { VALIDATION_LOCALES, type MessageParams, type ValidationLocale } from '../types.ts';
import { en, type MessageCatalogue, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { pt } from './pt.ts';

export type { MessageCatalogue, MessageKey };
export const VALIDATION_MESSAGES: Record<ValidationLocale, MessageCatalogue> = { en, es, pt };

/** 'es-MX' → 'es'; anything unknown → English, the fallback language (SPEC §9). */
export function toValidationLocale(locale: string | undefined): ValidationLocale {
  const base = locale?.toLowerCase().split(/[-_]/)[0];
  return VALIDATION_LOCALES.find((l) => l === base) ?? 'en';
}

const isKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/** 'a, b or c' in the language's own words. */
export const formatList = (items: readonly string[], locale: ValidationLocale) =>
  new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);

function fill(template: string, params: MessageParams, locale: ValidationLocale) {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? formatList(value, locale) : String(value);
  });
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The message for `key` in `locale`, with placeholders filled. `label` names the field
 * ({{Field}}/{{field}}); a numeric `count` picks the `_one` form. An unknown key gives 'Invalid field value'.
 */
export function translate(
  key: string,
  locale: ValidationLocale = 'en',
  params: MessageParams = {},
  label?: string,
): string {
  const messages = VALIDATION_MESSAGES[locale] ?? en;
  const singular = `${key}_one`;
  const chosen = params.count === 1 && isKey(singular) ? singular : key;
  if (!isKey(chosen)) return messages.invalid;
  const field = label ? fill(messages.field_label, { label }, locale) : messages.field_none;
  return fill(messages[chosen], { ...params, field, Field: capitalize(field) }, locale);
}
