import { isRuleName, type RuleName } from './rules/index.ts';
import type { RuleArg } from './types.ts';

/** 'required|min:3' or a list of rules, each a string or `[name, ...args]` (for RegExp arguments). */
export type RuleSpec = string | readonly [string, ...RuleArg[]];
export type Rules = string | readonly RuleSpec[];

export interface ParsedRule {
  name: RuleName;
  args: RuleArg[];
  /** `^rule`: stop after this rule if it fails. */
  bail: boolean;
  /** `rule?`: this rule passes on an empty value. */
  optional: boolean;
}

export interface ParsedRules {
  rules: ParsedRule[];
  /** `bail` anywhere: stop at the first failing rule. */
  bail: boolean;
  /** `optional` anywhere: an empty value skips every rule. */
  optional: boolean;
}

/** SPEC §5: an unknown rule raises 'Unknown validation rule'; `rule` names it. */
export class UnknownRuleError extends Error {
  override readonly name = 'UnknownRuleError';
  readonly rule: string;

  constructor(rule: string) {
    super('Unknown validation rule');
    this.rule = rule;
  }
}

/**
 * Splits 'a|b:1,2|matches:/x|y/i' into rules and their arguments. A '/'-started argument is a regex
 * literal, so the '|' and ',' inside it belong to it.
 */
function split(text: string): Array<[string, ...string[]]> {
  const out: Array<[string, ...string[]]> = [];
  let parts: [string, ...string[]] = [''];
  let argStart = false;
  let regex = false;
  let inClass = false;
  let escaped = false;
  const push = (char: string) => (parts[parts.length - 1] += char);
  for (const char of text) {
    if (regex) {
      push(char);
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      else if (char === '/' && !inClass) regex = false;
      continue;
    }
    if (char === '|') {
      out.push(parts);
      parts = [''];
      argStart = false;
    } else if (char === ':' && parts.length === 1) {
      parts.push('');
      argStart = true;
    } else if (char === ',' && parts.length > 1) {
      parts.push('');
      argStart = true;
    } else {
      if (argStart && char === '/') regex = true;
      argStart = false;
      push(char);
    }
  }
  out.push(parts);
  return out;
}

function toRule(raw: string, args: RuleArg[]): ParsedRule {
  const trimmed = raw.trim();
  const bail = trimmed.startsWith('^');
  const optional = trimmed.endsWith('?');
  const name = trimmed.slice(bail ? 1 : 0, optional ? -1 : undefined);
  if (!isRuleName(name)) throw new UnknownRuleError(name);
  return { name, args, bail, optional };
}

/** Parses rules once; throws UnknownRuleError for a name no rule has. */
export function parseRules(rules: Rules): ParsedRules {
  const specs: Array<readonly [string, ...RuleArg[]]> =
    typeof rules === 'string'
      ? split(rules)
      : rules.flatMap((spec) => (typeof spec === 'string' ? split(spec) : [spec]));
  const parsed: ParsedRules = { rules: [], bail: false, optional: false };
  for (const [raw, ...args] of specs) {
    const word = raw.trim();
    if (word === '') continue;
    if (word === 'bail' || word === 'optional') parsed[word] = true;
    else parsed.rules.push(toRule(raw, args));
  }
  return parsed;
}
