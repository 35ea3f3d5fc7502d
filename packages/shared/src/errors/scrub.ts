/**
 * Personal data never leaves for the error-reporting service (SPEC §7): emails, phone
 * numbers, document numbers and tokens in any text of an error event are replaced before it is sent.
 * Used by the server's and the web app's reporters (`beforeSend`).
 */
const PATTERNS: [RegExp, string][] = [
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g, '[email]'],
  [/\bbearer\s+[^\s"',;]+/gi, '[credential]'],
  [/\b(?:token|api[-_]?key|secret|password)\b\s*[:=]\s*["']?[^\s"',;]+/gi, '[credential]'],
  // Phones (with or without the + prefix, spaces or dashes) and document numbers: 6+ digits in a row.
  [/\+?\d[\d\s-]{5,}\d/g, '[number]'],
];

export function scrubText(text: string): string {
  return PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Keys whose values are dropped whatever they hold. */
const DROPPED_KEYS = new Set([
  'authorization',
  'cookie',
  'cookies',
  'x-api-key',
  'set-cookie',
  'data',
  'body',
  'query_string',
  'email',
  'ip_address',
  'username',
  'password',
]);

/** A deep copy of an event with every string scrubbed and sensitive keys removed (ids and numbers kept). */
export function scrubEvent<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => scrubEvent(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (DROPPED_KEYS.has(k.toLowerCase())) continue;
      out[k] = scrubEvent(v, depth + 1);
    }
    return out as T;
  }
  return value;
}
