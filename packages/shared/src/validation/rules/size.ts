import type { RuleFn } from '../types.ts';
import { measure, toNumber } from '../values.ts';

const suffix = { value: '', length: '_length', items: '_items' } as const;

/**
 * `between:1,10` — inclusive; numbers by value, text by length, lists by count. A third argument
 * `value` compares numeric text as a number, `length` a number by its digits.
 */
export const between: RuleFn = (value, [from, to, force]) => {
  const a = toNumber(from);
  const b = toNumber(to);
  if (a === null || b === null) return { key: 'default' };
  const [low, high] = a <= b ? [a, b] : [b, a];
  const m = measure(value, force);
  if (m && m.size >= low && m.size <= high) return null;
  return { key: `between${suffix[m?.kind ?? 'value']}`, params: { min: low, max: high } };
};

const limitRule =
  (key: 'min' | 'max'): RuleFn =>
  (value, [limit, force]) => {
    const bound = toNumber(limit);
    if (bound === null) return { key: 'default' };
    const m = measure(value, force);
    if (m && (key === 'min' ? m.size >= bound : m.size <= bound)) return null;
    return { key: `${key}${suffix[m?.kind ?? 'value']}`, params: { [key]: bound, count: bound } };
  };

/** `max:5` — at most 5 characters, a value of at most 5, or at most 5 selected items. */
export const max = limitRule('max');
/** `min:3` — at least 3 characters, a value of at least 3, or at least 3 selected items. */
export const min = limitRule('min');

/** A finite number, or text that reads as one. */
export const number: RuleFn = (value) => (toNumber(value) === null ? { key: 'number' } : null);
