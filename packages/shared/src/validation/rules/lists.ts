import type { RuleArg, RuleFn } from '../types.ts';

/** Rule arguments are text, so a value is compared by its text: `in:1,2` accepts the number 2. */
const key = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
const listed = (args: readonly RuleArg[], value: unknown) => {
  const k = key(value);
  return k !== null && args.some((arg) => String(arg) === k);
};
/** A multi-select value is checked item by item. */
const items = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [value]);

/** `in:a,b,c` — the value (or every selected item) is one of the list. */
export const inList: RuleFn = (value, args) =>
  items(value).every((item) => listed(args, item)) ? null : { key: 'in' };

/** `not:a,b,c` — the value (and no selected item) is in the list. */
export const notIn: RuleFn = (value, args) => {
  const banned = items(value).find((item) => listed(args, item));
  return banned === undefined ? null : { key: 'not', params: { value: String(banned) } };
};
