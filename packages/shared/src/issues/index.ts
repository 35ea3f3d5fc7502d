import type { Locale } from '../enums.ts';
import { translate } from '../validation/messages/index.ts';
import { en, type IssueCatalogue } from './en.ts';
import { es } from './es.ts';
import { pt } from './pt.ts';
import { isIssueKey, lookup, ruleOf, type IssueParams } from './keys.ts';

export { isIssueKey, type IssueKey, type IssueParams } from './keys.ts';
export { zodIssueKey, type ZodIssueLike } from './zod.ts';
export type { IssueCatalogue };
export const ISSUE_MESSAGES: Record<Locale, IssueCatalogue> = { en, es, pt };

/**
 * The sentence `key` names, in `locale`, placeholders filled. `field` names the field inside a general
 * rule's message ('Email is required.'); without it the rule says 'this field'. Undefined for an unknown key.
 */
export function issueMessage(
  key: string,
  locale: Locale,
  params: IssueParams = {},
  field?: string,
): string | undefined {
  if (!isIssueKey(key)) return undefined;
  const rule = ruleOf(key);
  if (rule) return translate(rule, locale, params, field);
  const template = lookup(ISSUE_MESSAGES[locale], key) ?? '';
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}
