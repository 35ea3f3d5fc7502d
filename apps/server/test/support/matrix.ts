import type { ApiRoute } from '../../src/plugins/auth.ts';
import { describeExpected, expected, type Expected, type Tenant } from './expectations.ts';
import { errorBodyProblem } from './fuzz.ts';
import { isTenantOwned, send, validRequest } from './requests.ts';
import type { Persona, World } from './world.ts';

export type Cell = { persona: Persona; tenant: Tenant | null; expect: Expected };

/** Routes that address a tenant's object get an own-tenant and an other-tenant cell per persona. */
export const tenantsOf = (route: ApiRoute): (Tenant | null)[] => (isTenantOwned(route) ? ['own', 'other'] : [null]);

export const cellsOf = (route: ApiRoute, personas: Persona[]): Cell[] =>
  personas.flatMap((persona) =>
    tenantsOf(route).map((tenant) => ({ persona, tenant, expect: expected(route, persona, tenant) })),
  );

export const cellName = (cell: Cell) =>
  `${cell.persona.name}${cell.tenant ? ` (${cell.tenant} tenant)` : ''} → ${describeExpected(cell.expect)}`;

/** Sends the cell's request (fresh objects, fresh session) and says what is wrong with the answer: empty if nothing. */
export async function checkCell(world: World, route: ApiRoute, cell: Cell): Promise<string[]> {
  const ownerId = cell.tenant === 'other' ? world.tenantB.ownerId : world.tenantA.ownerId;
  const parts = await validRequest(world, route, ownerId);
  const response = await send(world, route, parts, await world.headers(cell.persona));
  const status = response.statusCode;
  const problems: string[] = [];
  const hasBody = route.method !== 'HEAD';
  if (cell.expect.allowed) {
    if (status === 401 || status === 403) problems.push(`refused with ${status}, expected to be allowed`);
    if (status >= 500) problems.push(`answered ${status}`);
    // The object exists and the caller may see it: a 404 here would be tenancy refusing too much.
    if (cell.tenant && status === 404) problems.push('answered 404 for an object the caller may see');
    const bodyProblem = status >= 400 && hasBody ? errorBodyProblem(response.body) : null;
    if (bodyProblem) problems.push(`error body: ${bodyProblem}`);
  } else {
    if (status !== cell.expect.status) problems.push(`answered ${status}, expected ${cell.expect.status}`);
    if (hasBody) {
      const body: unknown = safeJson(response.body);
      const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
      if (code !== cell.expect.code) problems.push(`code ${JSON.stringify(code)}, expected ${cell.expect.code}`);
      const bodyProblem = errorBodyProblem(response.body);
      if (bodyProblem) problems.push(`error body: ${bodyProblem}`);
    }
  }
  // A client user never reads anything of another tenant, whatever the route answers.
  if (cell.persona.kind !== 'role' || !cell.persona.platform) {
    for (const [what, secret] of Object.entries(world.tenantB.secrets))
      if (response.body.includes(secret)) problems.push(`leaked tenant B's ${what}`);
  }
  return problems.map(
    (p) =>
      `${route.method} ${route.url} as ${cell.persona.name}${cell.tenant ? ` (${cell.tenant} tenant)` : ''}: ${p} — ${status} ${response.body.slice(0, 200)}`,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
