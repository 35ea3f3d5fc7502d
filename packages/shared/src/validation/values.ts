/** Empty as FormKit means it: nothing, an empty string, or an empty list or object. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** A finite number from a number or a numeric string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Milliseconds since the epoch from a Date, a timestamp or a parseable date string; null otherwise. */
export function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** How a size rule measures a value: by count (lists), by length (text) or by value (numbers). */
export type Measure = { kind: 'items' | 'length' | 'value'; size: number } | null;

/**
 * min, max and between measure lists by item count, strings by characters and numbers by value.
 * The optional last argument forces 'value' (compare a numeric string as a number) or 'length'.
 */
export function measure(value: unknown, force?: unknown): Measure {
  if (Array.isArray(value)) return { kind: 'items', size: value.length };
  if (force === 'value') {
    const n = toNumber(value);
    return n === null ? null : { kind: 'value', size: n };
  }
  if (typeof value === 'number') {
    if (force === 'length') return { kind: 'length', size: String(value).length };
    return Number.isFinite(value) ? { kind: 'value', size: value } : null;
  }
  if (typeof value === 'string') return { kind: 'length', size: [...value].length };
  return null;
}

export const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
