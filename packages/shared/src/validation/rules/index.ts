import type { RuleFn } from '../types.ts';
import { after, before, date } from './dates.ts';
import { mime } from './files.ts';
import { inList, notIn } from './lists.ts';
import { accepted, confirm, required } from './presence.ts';
import { between, max, min, number } from './size.ts';
import { alpha, alphanumeric, email, endsWith, matches, startsWith, url } from './text.ts';

export { UPLOAD_TYPES, type FileLike } from './files.ts';

/**
 * Every rule of SPEC §5 by name. `bail` and `optional` are modifiers, handled by the parser. Available: no
 * form or schema uses one today (the forms validate with their operation's zod schema); each is tested and
 * listed in docs/validation-rules.md for the next form that needs it.
 */
export const RULES = {
  accepted,
  after,
  alpha,
  alphanumeric,
  before,
  between,
  confirm,
  date,
  email,
  endsWith,
  in: inList,
  matches,
  max,
  mime,
  min,
  not: notIn,
  number,
  required,
  startsWith,
  url,
} as const satisfies Record<string, RuleFn>;

export type RuleName = keyof typeof RULES;
export const isRuleName = (name: string): name is RuleName => Object.hasOwn(RULES, name);
