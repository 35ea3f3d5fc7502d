import type { ApiRoute } from '../../src/plugins/auth.ts';
import { holds, type Persona } from './world.ts';

export type Tenant = 'own' | 'other';

/**
 * What a cell of the matrix must answer: allowed (anything but 401/403 — the route's own answer, e.g. a
 * public OIDC route answers 404 while OIDC is not configured), or exactly this refusal.
 */
export type Expected = { allowed: true } | { allowed: false; status: number; code: string };

const refuse = (status: number, code: string): Expected => ({ allowed: false, status, code });

/**
 * The answer the declared scope implies, and nothing else: public routes let everyone in; a scoped
 * route wants a live session of an authorized account holding the scope; a client user addressing
 * another tenant's object learns nothing but 404.
 */
export function expected(route: ApiRoute, persona: Persona, tenant: Tenant | null): Expected {
  if (route.public) return { allowed: true };
  switch (persona.kind) {
    case 'anonymous':
    case 'invalid-token':
    case 'forged-jwt':
    case 'api-key':
    case 'revoked-token':
    case 'revoked-api-key':
      return refuse(401, 'unauthenticated');
    case 'inactive-owner-api-key':
      return refuse(403, 'account_not_authorized');
    // A client system: persons and pipelines within its key's scopes, never dashboard-session routes.
    case 'owner-api-key':
    case 'user-api-key':
      if (route.scope === 'signed-in' || route.scope === null || !persona.scopes.includes(route.scope))
        return refuse(403, 'forbidden');
      if (tenant === 'other') return refuse(404, 'not_found');
      return { allowed: true };
    case 'expired-token':
      return refuse(401, 'token_expired');
    case 'inactive-user':
    case 'inactive-owner':
      return refuse(403, 'account_not_authorized');
    case 'role':
      if (!holds(persona, route)) return refuse(403, 'forbidden');
      if (tenant === 'other' && !persona.platform) return refuse(404, 'not_found');
      return { allowed: true };
  }
}

export const describeExpected = (e: Expected) => (e.allowed ? 'allowed' : `${e.status} ${e.code}`);
