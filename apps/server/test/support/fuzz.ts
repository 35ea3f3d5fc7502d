import fc from 'fast-check';
import type { z } from 'zod';
import { ERROR_MESSAGES } from '@centinela/shared';
import type { ApiRoute } from '../../src/plugins/auth.ts';
import { randomUUID } from 'node:crypto';
import {
  CRITICAL_STRINGS,
  declaredKeys,
  isRecord,
  jsonSchemaOf,
  mutatedObject,
  nastyString,
  PROTO_KEYS,
  queryValue,
  rawBodies,
  validArbitrary,
  withKey,
  wrongValue,
} from './arbitraries.ts';
import { pathParams, type Query, type RequestParts } from './requests.ts';

export type FuzzInput = RequestParts & {
  /** Which parts zod accepts as sent (undefined: the route has no schema for that part). */
  valid: { params?: boolean; query?: boolean; body?: boolean };
};

type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };

/** What the server's JSON parser will hand zod: the value after a JSON round trip. */
const roundTrip = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

const toQuery = (value: unknown): Query =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, queryValue(v)]))
    : { value: queryValue(value) };

/**
 * Request parts for one route: each part valid per its zod schema or mutated (wrong types, huge and
 * unicode-edge strings, prototype keys, SQL/HTML payloads), plus raw bodies no serializer would write.
 * `knownIds` are real objects (own and other tenant) path parameters should also hit.
 */
export function fuzzInput(
  route: ApiRoute,
  knownIds: string[],
  example: Partial<RequestParts>,
): fc.Arbitrary<FuzzInput> {
  const schemas = route.schema as Schemas;
  const params = pathParams(route.url);

  const paramValue = fc.oneof(
    { weight: 3, arbitrary: knownIds.length ? fc.oneof(fc.constantFrom(...knownIds), fc.uuid()) : fc.uuid() },
    // An empty segment addresses another route (/profiles/ is the list): not a parameter value.
    { weight: 2, arbitrary: nastyString.filter((s) => s.length > 0) },
    { weight: 1, arbitrary: wrongValue.map((v) => String(queryValue(v))).filter((s) => s.length > 0) },
  );
  const paramsArb: fc.Arbitrary<Record<string, string>> = params.length
    ? fc.record(Object.fromEntries(params.map((p) => [p.name, paramValue])))
    : fc.constant({});

  let queryArb: fc.Arbitrary<Query>;
  if (schemas.querystring) {
    const valid = fc.oneof(validArbitrary(schemas.querystring), fc.constant(example.query ?? {}));
    queryArb = fc
      .oneof(
        { weight: 2, arbitrary: valid },
        { weight: 3, arbitrary: mutatedObject(valid, declaredKeys(schemas.querystring)) },
      )
      .map(toQuery);
  } else {
    queryArb = fc.oneof(
      fc.constant({}),
      fc
        .dictionary(
          fc.oneof(fc.constantFrom('__proto__', 'constructor', 'q', 'limit'), fc.string({ maxLength: 8 })),
          nastyString,
          { maxKeys: 3 },
        )
        .map(toQuery),
    );
  }

  type Body = { body?: unknown; rawBody?: string };
  let bodyArb: fc.Arbitrary<Body>;
  if (schemas.body) {
    const valid =
      'body' in example
        ? fc.oneof(validArbitrary(schemas.body), fc.constant(example.body))
        : validArbitrary(schemas.body);
    bodyArb = fc.oneof(
      { weight: 2, arbitrary: valid.map((body) => ({ body })) },
      { weight: 4, arbitrary: mutatedObject(valid, declaredKeys(schemas.body)).map((body) => ({ body })) },
      { weight: 1, arbitrary: rawBodies.map((rawBody) => ({ rawBody })) },
    );
  } else if (route.method === 'GET' || route.method === 'HEAD') {
    bodyArb = fc.constant({});
  } else {
    bodyArb = fc.oneof(
      fc.constant({}),
      fc.jsonValue({ maxDepth: 2 }).map((body) => ({ body })),
      rawBodies.map((rawBody) => ({ rawBody })),
    );
  }

  return fc.tuple(paramsArb, queryArb, bodyArb).map(([p, query, b]) => classify(route, { params: p, query, ...b }));
}

/** The input with what zod makes of each part (the server's verdict must agree). */
export function classify(route: ApiRoute, parts: RequestParts): FuzzInput {
  const schemas = route.schema as Schemas;
  const valid: FuzzInput['valid'] = {};
  if (schemas.params) valid.params = schemas.params.safeParse(parts.params).success;
  if (schemas.querystring) valid.query = schemas.querystring.safeParse(parts.query).success;
  if (schemas.body && parts.rawBody === undefined)
    valid.body = parts.body !== undefined && schemas.body.safeParse(roundTrip(parts.body)).success;
  return { ...parts, valid };
}

/**
 * The deterministic sweep that runs before the random cases: the valid example with each declared
 * field (query, body, path) replaced in turn by each critical string and a few wrong types, and each
 * prototype key added — so the bounded random runs are not the only chance to hit them.
 */
export function sweep(route: ApiRoute, example: RequestParts, otherIds: string[]): FuzzInput[] {
  const schemas = route.schema as Schemas;
  const out: FuzzInput[] = [];
  const values: unknown[] = [...CRITICAL_STRINGS, 'x'.repeat(100_000), 42, null, [], {}];
  const baseQuery = example.query;
  const baseBody = isRecord(example.body) ? example.body : {};
  for (const key of schemas.querystring ? declaredKeys(schemas.querystring) : []) {
    for (const v of values) out.push(classify(route, { ...example, query: { ...baseQuery, [key]: queryValue(v) } }));
  }
  for (const key of schemas.body ? declaredKeys(schemas.body) : []) {
    for (const v of values) out.push(classify(route, { ...example, body: withKey(baseBody, key, v) }));
  }
  for (const p of pathParams(route.url)) {
    for (const v of [...CRITICAL_STRINGS, ...otherIds])
      out.push(classify(route, { ...example, params: { ...example.params, [p.name]: v } }));
  }
  for (const key of PROTO_KEYS) {
    if (schemas.querystring) out.push(classify(route, { ...example, query: toQuery(withKey(baseQuery, key, 'x')) }));
    if (schemas.body) out.push(classify(route, { ...example, body: withKey(baseBody, key, { isAdmin: true }) }));
  }
  return out;
}

type JsonSchema = ReturnType<typeof jsonSchemaOf>;

/** Where a schema holds ids (uuids, or lists of them), nested objects and union branches included. */
function idPaths(s: JsonSchema, at: string[] = [], depth = 0): { path: string[]; many: boolean }[] {
  if (depth > 3) return [];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (branches.length) return branches.flatMap((b) => idPaths(b, at, depth));
  if (s.format === 'uuid') return [{ path: at, many: false }];
  if (s.items && idPaths(s.items, [], depth + 1).some((p) => p.path.length === 0)) return [{ path: at, many: true }];
  return Object.entries(s.properties ?? {}).flatMap(([key, child]) => idPaths(child, [...at, key], depth + 1));
}

function withPath(target: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const base = isRecord(target) ? target : {};
  return withKey(base, key, withPath(base[key], rest, value));
}

/**
 * The valid example with one id at a time — each path parameter, each uuid field of the
 * query and the body (`ownerId`, `pipelineId`, `profileIds`…) — naming an object that does not exist.
 * Platform staff naming an unknown owner got a foreign-key violation (500) on five routes.
 */
export function unknownIdInputs(route: ApiRoute, example: RequestParts): FuzzInput[] {
  const schemas = route.schema as Schemas;
  const unknown = randomUUID();
  const out: FuzzInput[] = [];
  for (const p of pathParams(route.url))
    out.push(classify(route, { ...example, params: { ...example.params, [p.name]: unknown } }));
  for (const { path, many } of schemas.querystring ? idPaths(jsonSchemaOf(schemas.querystring)) : []) {
    if (path.length !== 1) continue;
    out.push(classify(route, { ...example, query: { ...example.query, [path[0]!]: many ? [unknown] : unknown } }));
  }
  for (const { path, many } of schemas.body ? idPaths(jsonSchemaOf(schemas.body)) : []) {
    if (path.length === 0) continue;
    out.push(classify(route, { ...example, body: withPath(example.body, path, many ? [unknown] : unknown) }));
  }
  return out;
}

/** A readable, bounded description of an input for failure messages. */
export function describeInput(input: RequestParts): string {
  const text = JSON.stringify(
    { params: input.params, query: input.query, body: input.body, rawBody: input.rawBody },
    (_, v: unknown) => (typeof v === 'string' && v.length > 120 ? `${v.slice(0, 40)}…(${v.length} chars)` : v),
  );
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

/** Why an error answer is not the API's `{ code, message }` (with an optional `issues`), or null if it is. */
export function errorBodyProblem(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'not an object';
  const { code, message, ...rest } = body as Record<string, unknown>;
  if (typeof code !== 'string' || !(code in ERROR_MESSAGES)) return `code ${JSON.stringify(code)} is not one of ours`;
  if (typeof message !== 'string' || !message) return 'no message';
  // `http_code`: answers to API-key callers repeat the status.
  const extra = Object.keys(rest).filter((k) => k !== 'issues' && k !== 'http_code');
  return extra.length ? `extra fields ${extra.join(', ')}` : null;
}
