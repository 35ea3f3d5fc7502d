import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of a zod schema, as fast-json-stringify serialises it fastest: `anyOf [X, null]` as a
 * type list, no `pattern`/`format`/`$schema` (the serializer writes strings as they are; it validates
 * nothing either way).
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    if (typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      const { anyOf: _anyOf, ...rest } = schema;
      return simplify({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'pattern' || key === 'format') continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, simplify(v)]))
        : simplify(value);
  }
  return out;
}

/**
 * A response serializer compiled from the route's zod schema by fast-json-stringify, for the hottest read
 * routes (the profile list): it writes exactly the declared properties — like zod's output, so
 * nothing undeclared leaks — without validating and re-encoding every value first. So a route using it
 * needs a test that parses its answers with the same zod schema (profiles-list.test.ts does, and checks
 * each row against the person's own page).
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = simplify(z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' }));
  return fastJson(json as Parameters<typeof fastJson>[0]);
}
