import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '@centinela/shared';
import { callerFromApiKey } from '../domains/api-keys/caller.ts';
import {
  actorOf,
  tenantScope,
  viewerOf,
  type Actor,
  type Caller,
  type TenantScope,
  type Viewer,
} from '../kernel/index.ts';
import { CallerCache } from '../domains/auth/caller-cache.ts';
import { callerFromJwt, isJwt } from '../domains/auth/oidc/bearer.ts';
import type { OidcClient } from '../domains/auth/oidc/client.ts';
import { callerFromAccessToken, type SessionRow } from '../domains/auth/sessions.ts';
import { ownerExists } from '../domains/owners/service.ts';
import { ApiError } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a route requires; 'signed-in' means any authorized user. */
    scope?: Scope | 'signed-in';
    /** Reachable without a token. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Who is calling, once the auth hook resolved it; null on public routes. */
    callerIfAny: Caller | null;
    /** The signed-in caller of a route that declared a scope (reading it elsewhere answers 401). */
    readonly caller: Caller;
    /** The caller as the audit trail names it. */
    readonly actor: Actor;
    /** The caller as a record of who saw a person's data names it. */
    readonly viewer: Viewer;
    /**
     * Which owner's rows this request may touch: the caller's tenancy, narrowed to the `ownerId` the
     * route's validated query or body names (platform staff only; a client user naming another owner: 403).
     */
    readonly scope: TenantScope;
  }
  interface FastifyInstance {
    /** The OIDC relying party, when OIDC_ISSUER configures the default strategy (else the local one only). */
    oidc: OidcClient | null;
    /** Every /api route with what it requires: the source of the authorization matrix. */
    apiRoutes: ApiRoute[];
    /** Sessions resolved by earlier requests, cleared by NOTIFY on any change (domains/auth/caller-cache.ts). */
    callerCache: CallerCache<SessionRow>;
  }
}

export type ApiRoute = {
  method: string;
  url: string;
  scope: Scope | 'signed-in' | null;
  /** Declared `config.public` (a route declaring neither this nor a scope never registers). */
  public: boolean;
  /** The route's request schemas (zod), for tests that generate input from them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
};

/** A backstop only: invalidation is by NOTIFY (see CallerCache). */
const CALLER_CACHE_MAX_AGE_MS = 60_000;

/** Routes outside /api (the web app) and the docs UI are not API resources. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [kind, token] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The caller behind a bearer token: the provider's JWT (OIDC) or one of our opaque session tokens.
 * The one resolver for the API's hook below and the socket.io handshake (plugins/socket/handshake.ts).
 */
export function callerFromBearer(app: FastifyInstance, token: string): Promise<Caller> {
  return isJwt(token)
    ? callerFromJwt(app.db, app.oidc, token)
    : callerFromAccessToken(app.db, token, new Date(), app.callerCache);
}

/** A client system's key, when the request carries no bearer token. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['x-api-key'];
  return typeof value === 'string' && value && !bearerToken(request) ? value : null;
}

/** The owner a route's validated query (or else body) asks for: only platform staff may name one. */
function requestedOwnerId(request: FastifyRequest): string | undefined {
  const named = (part: unknown) =>
    part && typeof part === 'object' && 'ownerId' in part && typeof part.ownerId === 'string'
      ? part.ownerId
      : undefined;
  return named(request.query) ?? named(request.body);
}

function signedIn(request: FastifyRequest): Caller {
  if (!request.callerIfAny) throw new ApiError(401, 'unauthenticated');
  return request.callerIfAny;
}

/**
 * The one place that resolves who is calling. Every /api route must declare `config.scope` or
 * `config.public`; registering one that declares neither fails at start-up.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('callerIfAny', null);
    app.decorateRequest('caller', {
      getter: function (this: FastifyRequest) {
        return signedIn(this);
      },
    });
    app.decorateRequest('actor', {
      getter: function (this: FastifyRequest) {
        return actorOf(signedIn(this), this.ip);
      },
    });
    app.decorateRequest('viewer', {
      getter: function (this: FastifyRequest) {
        return viewerOf(signedIn(this));
      },
    });
    app.decorateRequest('scope', {
      getter: function (this: FastifyRequest) {
        return tenantScope(signedIn(this), requestedOwnerId(this));
      },
    });
    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    const callerCache = new CallerCache<SessionRow>(CALLER_CACHE_MAX_AGE_MS);
    app.decorate('callerCache', callerCache);
    const unwatch = await app.database.watchCache(() => callerCache.clear());
    app.addHook('onClose', async () => {
      callerCache.clear();
      // The database may already be closed (its plugin's hook can run first): nothing left to stop then.
      await unwatch().catch(() => {});
    });

    app.addHook('onRoute', (route) => {
      const config = route.config ?? {};
      if (isApiRoute(route.url) && !config.public && !config.scope) {
        throw new Error(`Route ${route.method} ${route.url} declares neither config.scope nor config.public`);
      }
      if (isApiRoute(route.url)) {
        const { body, querystring, params } = route.schema ?? {};
        const schema = { body, querystring, params };
        for (const method of [route.method].flat()) {
          apiRoutes.push({
            method,
            url: route.url,
            scope: config.scope ?? null,
            public: Boolean(config.public),
            schema,
          });
        }
      }
    });

    // Per API key, per process: a fixed window with the IETF draft's RateLimit-* headers.
    const keyLimit = app.createRateLimit({
      max: app.config.API_KEY_RATE_LIMIT,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${request.callerIfAny?.apiKey?.id ?? ''}`,
    });

    // Platform staff naming an owner that does not exist: 404 here, for every route alike, rather than a
    // foreign-key violation (500) where the route writes a row for it.
    app.addHook('preHandler', async (request) => {
      if (!request.callerIfAny?.platform) return;
      const ownerId = requestedOwnerId(request);
      if (ownerId && !(await ownerExists(app.db, ownerId))) throw new ApiError(404, 'not_found');
    });

    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      if (!config.scope) return;
      const key = apiKeyOf(request);
      if (key) {
        const caller = await callerFromApiKey(app.db, key);
        request.callerIfAny = caller;
        const limit = await keyLimit(request);
        // (`isAllowed` means an allow-listed key: none is configured.)
        if (!limit.isAllowed) {
          reply.header('ratelimit-limit', limit.max);
          reply.header('ratelimit-remaining', limit.remaining);
          reply.header('ratelimit-reset', limit.ttlInSeconds);
          if (limit.isExceeded) {
            reply.header('retry-after', limit.ttlInSeconds);
            throw new ApiError(429, 'rate_limited');
          }
        }
        // Dashboard-session routes ('signed-in': the user record, logout…) are not for client systems.
        if (config.scope === 'signed-in' || !caller.scopes.includes(config.scope)) throw new ApiError(403, 'forbidden');
        return;
      }
      const token = bearerToken(request);
      if (!token) throw new ApiError(401, 'unauthenticated');
      const caller = await callerFromBearer(app, token);
      if (config.scope !== 'signed-in' && !caller.scopes.includes(config.scope)) throw new ApiError(403, 'forbidden');
      request.callerIfAny = caller;
    });
  },
  { name: 'auth', dependencies: ['db', 'security'] },
);
