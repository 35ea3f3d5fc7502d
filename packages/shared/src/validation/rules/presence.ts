import type { RuleFn } from '../types.ts';
import { isEmpty } from '../values.ts';

/** `required`, or `required:trim` to treat blank text as empty. */
export const required: RuleFn = (value, [mode]) => {
  const seen = mode === 'trim' && typeof value === 'string' ? value.trim() : value;
  return isEmpty(seen) ? { key: 'required' } : null;
};

const ACCEPTED: readonly unknown[] = ['yes', 'on', '1', 1, true, 'true'];

/** A checkbox or answer that means yes. */
export const accepted: RuleFn = (value) => (ACCEPTED.includes(value) ? null : { key: 'accepted' });

/** password_confirm ↔ password, passwordConfirm ↔ password, anything else ↔ name_confirm. */
function counterpart(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.replace(/(_confirm|Confirm)$/, '');
  return base === name ? `${name}_confirm` : base;
}

/** `confirm` matches the counterpart field; `confirm:other` names the field to match. */
export const confirm: RuleFn = (value, [field], { values, name }) => {
  const other = field === undefined ? counterpart(name) : String(field);
  if (other === undefined) return { key: 'default' };
  return Object.is(values[other], value) ? null : { key: 'confirm' };
};
