import type { RuleArg, RuleFailure, RuleFn } from '../types.ts';
import { toTime } from '../values.ts';

/** after/before compare with the given date, or with now when none is given. */
const compareRule =
  (key: 'after' | 'before'): RuleFn =>
  (value, [against]) => {
    const limit = against === undefined ? Date.now() : toTime(against);
    if (limit === null) return { key: 'default' };
    const failure: RuleFailure =
      against === undefined ? { key: `${key}_now` } : { key, params: { date: String(against) } };
    const time = toTime(value);
    if (time === null) return failure;
    return (key === 'after' ? time > limit : time < limit) ? null : failure;
  };

/** A date later than `after:2024-01-01`, or in the future with no argument. */
export const after = compareRule('after');
/** A date earlier than `before:2024-01-01`, or in the past with no argument. */
export const before = compareRule('before');

const TOKENS = /YYYY|YY|MM|M|DD|D/g;
const TOKEN_PATTERNS: Record<string, string> = {
  YYYY: '\\d{4}',
  YY: '\\d{2}',
  MM: '\\d{2}',
  M: '\\d{1,2}',
  DD: '\\d{2}',
  D: '\\d{1,2}',
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Reads `text` in `format` (YYYY, YY, MM, M, DD, D; anything else literal) and checks the calendar. */
function isDateInFormat(text: string, format: string): boolean {
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const token of format.matchAll(TOKENS)) {
    source += `${escape(format.slice(last, token.index))}(${TOKEN_PATTERNS[token[0]]})`;
    order.push(token[0]);
    last = token.index + token[0].length;
  }
  const found = new RegExp(`^${source}${escape(format.slice(last))}$`).exec(text);
  if (!found) return false;
  const part = (...names: string[]) => {
    const i = order.findIndex((t) => names.includes(t));
    return i < 0 ? undefined : Number(found[i + 1]);
  };
  const yy = part('YY');
  const year = part('YYYY') ?? (yy === undefined ? 2000 : 2000 + yy);
  const month = part('MM', 'M') ?? 1;
  const day = part('DD', 'D') ?? 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** Any parseable date, or with a format hint (`date:YYYY-MM-DD`) text in that format naming a real day. */
export const date: RuleFn = (value, [format]: readonly RuleArg[]) => {
  if (format === undefined) return toTime(value) === null ? { key: 'date' } : null;
  const failure = { key: 'date_format', params: { format: String(format) } };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? failure : null;
  return typeof value === 'string' && isDateInFormat(value, String(format)) ? null : failure;
};
