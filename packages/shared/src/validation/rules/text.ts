import type { RuleArg, RuleFn } from '../types.ts';
import { asText } from '../values.ts';

/** `latin` is strictly a–z; the default set is any Unicode letter, accents included (äùñ). */
const LETTERS = { default: /^[\p{L}\p{M}]+$/u, latin: /^[a-zA-Z]+$/ };
const LETTERS_DIGITS = { default: /^[\p{L}\p{M}\p{Nd}]+$/u, latin: /^[a-zA-Z0-9]+$/ };
const pick = (set: RuleArg | undefined, sets: typeof LETTERS) => (set === 'latin' ? sets.latin : sets.default);

export const alpha: RuleFn = (value, [set]) =>
  typeof value === 'string' && pick(set, LETTERS).test(value) ? null : { key: 'alpha' };

export const alphanumeric: RuleFn = (value, [set]) => {
  const text = asText(value);
  return text !== null && pick(set, LETTERS_DIGITS).test(text) ? null : { key: 'alphanumeric' };
};

const affixRule =
  (key: 'startsWith' | 'endsWith'): RuleFn =>
  (value, args) => {
    if (args.length === 0) return { key: 'default' };
    const text = asText(value);
    const affixes = args.map(String);
    const ok = text !== null && affixes.some((a) => (key === 'startsWith' ? text.startsWith(a) : text.endsWith(a)));
    return ok ? null : { key, params: { list: affixes } };
  };

/** One or more prefixes: `startsWith:+51,+52`. */
export const startsWith = affixRule('startsWith');
/** One or more suffixes: `endsWith:.com,.org`. */
export const endsWith = affixRule('endsWith');

/** A RegExp, a '/pattern/flags' string, or null for a plain value to compare exactly. */
function toPattern(arg: RuleArg): RegExp | null {
  if (arg instanceof RegExp) return arg;
  const parts = typeof arg === 'string' ? /^\/(.+)\/([a-z]*)$/s.exec(arg) : null;
  if (!parts) return null;
  try {
    return new RegExp(parts[1] ?? '', parts[2]);
  } catch {
    return null; // not a valid pattern: compared as plain text
  }
}

/** Passes when any argument matches: a regex (`/^\d+$/`) or an exact value. */
export const matches: RuleFn = (value, args) => {
  const text = asText(value);
  if (text === null || args.length === 0) return { key: 'matches' };
  const ok = args.some((arg) => {
    const pattern = toPattern(arg);
    if (!pattern) return String(arg) === text;
    pattern.lastIndex = 0; // a /g pattern keeps state between calls
    return pattern.test(text);
  });
  return ok ? null : { key: 'matches' };
};

const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@(([^<>()[\]\\.,;:\s@"]+\.)+[^<>()[\]\\.,;:\s@"]{2,})$/i;

export const email: RuleFn = (value) => (typeof value === 'string' && EMAIL.test(value) ? null : { key: 'email' });

/** http(s) or ftp; optional user info; localhost, an IPv4 address or a dotted name; port; path. */
const URL_PATTERN = new RegExp(
  [
    '^(https?|ftp)://',
    '([^\\s/?#:@]+(:[^\\s/?#@]*)?@)?',
    '(localhost|(\\d{1,3}\\.){3}\\d{1,3}|([^\\s/?#:.@]+\\.)+[^\\s/?#:.@\\d]{2,})',
    '(:\\d{1,5})?([/?#]\\S*)?$',
  ].join(''),
  'i',
);

export const url: RuleFn = (value) => (typeof value === 'string' && URL_PATTERN.test(value) ? null : { key: 'url' });
