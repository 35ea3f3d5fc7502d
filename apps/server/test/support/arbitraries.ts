import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` emits for request schemas. */
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
};

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The property names an object schema declares (the fuzzer mutates these first). */
export const declaredKeys = (schema: z.ZodType): string[] => Object.keys(jsonSchemaOf(schema).properties ?? {});

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40));
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid({ version: [1, 4, 7] });
    case 'uri':
      return fc.webUrl({ withQueryParameters: true }).filter(fits);
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  // Strings the schema allows still include the hostile ones: control characters, NUL, injection payloads.
  const nastyFitting = NASTY_STRINGS.filter(fits);
  const criticalFitting = CRITICAL_STRINGS.filter(fits);
  return fc.oneof(
    ...(criticalFitting.length ? [{ weight: 2, arbitrary: fc.constantFrom(...criticalFitting) }] : []),
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }).filter(fits) },
    ...(nastyFitting.length ? [{ weight: 3, arbitrary: fc.constantFrom(...nastyFitting) }] : []),
  );
}

/** Values a schema describes, derived from its JSON Schema (zod decides afterwards what is valid). */
export function fromJsonSchema(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map(fromJsonSchema));
  if (s.allOf?.length) return fromJsonSchema(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return fc.integer({
        min: s.minimum ?? (s.exclusiveMinimum ?? -1_000_001) + 1,
        max: s.maximum ?? (s.exclusiveMaximum ?? 1_000_001) - 1,
      });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? fromJsonSchema(s.items) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 5)),
      });
    case 'object': {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fromJsonSchema(v)]));
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export const validArbitrary = (schema: z.ZodType) => fromJsonSchema(jsonSchemaOf(schema));

/** Strings that have broken servers before: size, encoding, injection, parsing. */
export const NASTY_STRINGS: readonly string[] = [
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '\u200B\u200C\u200D',
  '\r\n\t\u000b\u000c',
  '\u001b[31m',
  "' OR '1'='1",
  '\'; DROP TABLE "user"; --',
  '1; SELECT pg_sleep(5)',
  "\\'; --",
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '%',
  '_',
  '\\',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
];

/** The few that most often reach a database or a template unfiltered: tried more often. */
export const CRITICAL_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\'; DROP TABLE "user"; --',
  '<script>alert(1)</script>',
  '%_\\',
];

export const PROTO_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];

export const nastyString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...CRITICAL_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Any JSON value of the wrong shape for a field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.constant({ $ne: null }),
  fc.constant({ __proto__: null, polluted: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A replacement for one field: mostly hostile strings, else a value of the wrong type. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: wrongValue },
);

/** Sets `key` as an own, enumerable property (so `__proto__` really is sent, not swallowed as a prototype). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target))
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function without(target: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(target).filter(([k]) => k !== key));
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A valid object, then one mutation: a field of the wrong type or nasty, a missing field, an extra (prototype) key. */
export function mutatedObject(
  valid: fc.Arbitrary<unknown>,
  keys: readonly string[],
  value: fc.Arbitrary<unknown> = fieldValue,
): fc.Arbitrary<unknown> {
  const others = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 }));
  const key = keys.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: others })
    : others;
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(valid, key, value).map(([v, k, x]) => (isRecord(v) ? withKey(v, k, x) : x)) },
    { weight: 1, arbitrary: fc.tuple(valid, key).map(([v, k]) => (isRecord(v) ? without(v, k) : v)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...PROTO_KEYS))
        .map(([v, k]) => (isRecord(v) ? withKey(v, k, { polluted: true, isAdmin: true }) : v)),
    },
    { weight: 1, arbitrary: wrongValue },
  );
}

/** Query strings carry strings only: mutated values become strings, or repeated keys (arrays). */
export function queryValue(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const all = value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
    // One value is one `key=value` pair: the server sees a string, not an array.
    return all.length > 1 ? all : (all[0] ?? '');
  }
  return JSON.stringify(value) ?? '';
}

/** Raw bodies that are not what JSON.stringify would produce. */
export const rawBodies: fc.Arbitrary<string> = fc.constantFrom(
  '{"a":',
  '',
  'null',
  '"string"',
  '[]',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"n":1${'0'.repeat(400)}}`,
  '{"s":"\\ud800"}',
  '{"s":"\\u0000"}',
);
