import { translate } from './messages/index.ts';
import { parseRules, type ParsedRules, type Rules } from './parse.ts';
import { RULES } from './rules/index.ts';
import type { ValidateOptions, ValidationIssue } from './types.ts';
import { isEmpty } from './values.ts';

const isParsed = (rules: Rules | ParsedRules): rules is ParsedRules => typeof rules === 'object' && 'rules' in rules;

/**
 * Runs the rules in order and returns every failure (none when the value is valid), each with its
 * message in `locale`. `bail` stops at the first failure, `^rule` after that rule fails; `optional`
 * lets an empty value through, `rule?` lets it through that one rule. Other rules judge an empty
 * value like any other: 'min:3' fails on ''.
 */
export function validate(value: unknown, rules: Rules | ParsedRules, options: ValidateOptions = {}): ValidationIssue[] {
  const parsed = isParsed(rules) ? rules : parseRules(rules);
  const empty = isEmpty(value);
  if (empty && parsed.optional) return [];
  const { locale = 'en', label, values = {}, name } = options;
  const issues: ValidationIssue[] = [];
  for (const rule of parsed.rules) {
    if (empty && rule.optional) continue;
    const failure = RULES[rule.name](value, rule.args, { values, name });
    if (!failure) continue;
    const { key, params = {} } = failure;
    issues.push({ rule: rule.name, key, params, message: translate(key, locale, params, label) });
    if (parsed.bail || rule.bail) break;
  }
  return issues;
}
