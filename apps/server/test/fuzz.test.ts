import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import type { ApiRoute } from '../src/plugins/auth.ts';
import { nastyString } from './support/arbitraries.ts';
import { describeInput, errorBodyProblem, fuzzInput, sweep, unknownIdInputs, type FuzzInput } from './support/fuzz.ts';
import { invalidRows, snapshot } from './support/integrity.ts';
import { keyLikeIssueMessages } from './support/issue-words.ts';
import { knownFinding } from './support/known-findings.ts';
import { makeParams, pathParams, send, validRequest } from './support/requests.ts';
import { holds, openWorld, routeKey, type Persona, type RolePersona } from './support/world.ts';

/**
 * Input fuzzing: for every /api route, fast-check generates params, query strings and
 * bodies from the route's zod schemas — valid ones and mutated ones. The server answers 2xx or 4xx
 * `{ code, message }`, never 5xx; what zod refuses is never a 2xx; a client user never gets another
 * tenant's object; and the data stays as it was (safe methods) or valid (the rest). Every
 * role holding the scope, platform staff included, also sends the valid request with each id in turn
 * naming nothing (unknownIdInputs), and every issue message is a sentence, never a key.
 *
 * FUZZ_RUNS (default 50) and FUZZ_SEED reproduce or deepen a run.
 */
const world = await openWorld();
afterAll(async () => {
  await world?.close();
});

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** HEAD repeats GET without a body to check: its GET is fuzzed instead. */
const routes: ApiRoute[] = (world?.routes ?? []).filter((r) => r.method !== 'HEAD');

const isRole = (p: Persona): p is RolePersona => p.kind === 'role';
const isClient = (p: Persona) => !isRole(p) || !p.platform;

/** Who the fuzzer calls as: a client user holding the scope (tenant A) and, on safe methods, platform staff too. */
function callersOf(route: ApiRoute): Persona[] {
  const personas = world!.personas;
  if (route.public) return personas.filter((p) => p.kind === 'anonymous');
  const holding = personas.filter(isRole).filter((p) => holds(p, route));
  const client = holding.find((p) => !p.platform);
  const platform = holding.find((p) => p.platform);
  if (SAFE.has(route.method)) return [client, platform].filter((p): p is RolePersona => p !== undefined);
  return [client ?? platform!];
}

/** Every role holding the route's scope, platform staff included (anyone, on a public route). */
function everyRole(route: ApiRoute): Persona[] {
  if (route.public) return callersOf(route);
  return world!.personas.filter(isRole).filter((p) => holds(p, route));
}

type Answer = { statusCode: number; body: string };

/** Everything wrong with one answer to one fuzzed request (empty: fine). */
function violations(persona: Persona, input: FuzzInput, response: Answer, otherIds: Set<string>): string[] {
  const found: string[] = [];
  const status = response.statusCode;
  if (status >= 500) found.push(`answered ${status}`);
  else if (status >= 400) {
    const problem = errorBodyProblem(response.body);
    if (problem) found.push(`error body: ${problem}`);
    else for (const key of keyLikeIssueMessages(JSON.parse(response.body))) found.push(`issue message ${key} is a key`);
  } else {
    if (status >= 300) found.push(`answered ${status}`);
    // What the route's schema refuses never gets through.
    for (const [part, ok] of Object.entries(input.valid))
      if (ok === false) found.push(`${part} invalid per its schema but accepted`);
    if (isRole(persona) && !persona.platform && Object.values(input.params).some((id) => otherIds.has(id))) {
      found.push("another tenant's object answered a client user");
    }
  }
  if (isClient(persona)) {
    for (const secret of Object.values(world!.tenantB.secrets))
      if (response.body.includes(secret)) found.push(`leaked tenant B's ${secret}`);
  }
  return found;
}

describe.skipIf(!world)('fuzzing every route from its zod schemas', () => {
  test.for(routes.map((route) => [routeKey(route), route] as const))(
    '%s answers 2xx or 4xx { code, message } in sentences, never 5xx, to every role',
    async ([, route]) => {
      const w = world!;
      const callers = callersOf(route);
      expect(callers.length, `${routeKey(route)}: no persona holds ${route.scope}`).toBeGreaterThan(0);
      const hasParams = pathParams(route.url).length > 0;
      const own = hasParams ? await makeParams(w, route, w.tenantA.ownerId) : {};
      const other = hasParams ? await makeParams(w, route, w.tenantB.ownerId) : {};
      const otherIds = new Set(Object.values(other));
      const example = await validRequest(w, route, w.tenantA.ownerId);

      const before = await snapshot(w.db);
      const beforeB = await snapshot(w.db, w.tenantB.ownerId);

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers.map((p) => p.name)),
          fuzzInput(route, [...Object.values(own), ...otherIds], example),
          async (name, input) => {
            const persona = callers.find((p) => p.name === name)!;
            const response = await send(w, route, input, await w.headers(persona));
            const found = violations(persona, input, response, otherIds).filter((v) => !knownFinding(route, input, v));
            expect(
              found,
              `${route.method} ${route.url} as ${persona.name} with ${describeInput(input)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
            ).toEqual([]);
          },
        ),
        {
          numRuns: NUM_RUNS,
          examples: sweep(route, example, [...otherIds]).map((input): [string, FuzzInput] => [callers[0]!.name, input]),
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );

      // Each role, platform staff included, naming an object that does not exist, one id at a time.
      for (const persona of everyRole(route)) {
        for (const input of unknownIdInputs(route, example)) {
          const response = await send(w, route, input, await w.headers(persona));
          const found = violations(persona, input, response, otherIds).filter((v) => !knownFinding(route, input, v));
          expect(
            found,
            `${route.method} ${route.url} as ${persona.name} with ${describeInput(input)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
          ).toEqual([]);
        }
      }

      // The database still answers and holds what it held.
      expect((await w.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(await invalidRows(w.db)).toEqual([]);
      if (SAFE.has(route.method)) expect(await snapshot(w.db), 'a safe method changed stored data').toBe(before);
      else if (callers.every(isClient))
        expect(await snapshot(w.db, w.tenantB.ownerId), "requests changed another tenant's data").toBe(beforeB);
    },
  );

  test('a scoped route refuses any malformed Authorization header with 401 unauthenticated', async () => {
    const w = world!;
    const scoped = routes.filter((r) => !r.public);
    const anyToken = fc.oneof(
      nastyString,
      fc.base64String({ maxLength: 600 }),
      fc
        .tuple(
          fc.base64String({ maxLength: 80 }),
          fc.base64String({ maxLength: 200 }),
          fc.base64String({ maxLength: 80 }),
        )
        .map((parts) => parts.join('.')),
      fc.constantFrom('a.b.c', '..', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(10_000)),
    );
    // Only what an HTTP header can carry: Node refuses the rest before it leaves the client.
    const headerSafe = (s: string) =>
      [...s].filter((c) => c === '\t' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff')).join('');
    const header = fc
      .oneof(
        anyToken.map((t) => `Bearer ${t}`),
        anyToken.map((t) => `bearer  ${t}`),
        anyToken,
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearer a b'),
      )
      .map(headerSafe);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...scoped), header, async (route, authorization) => {
        const params = Object.fromEntries(
          pathParams(route.url).map((p) => [p.name, '00000000-0000-4000-8000-000000000000']),
        );
        const response = await send(w, route, { params, query: {} }, { authorization });
        const what = `${route.method} ${route.url} with authorization ${JSON.stringify(authorization.slice(0, 200))} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, what).toBe(401);
        expect(JSON.parse(response.body), what).toEqual({ code: 'unauthenticated', message: expect.any(String) });
      }),
      { numRuns: 2 * NUM_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});
