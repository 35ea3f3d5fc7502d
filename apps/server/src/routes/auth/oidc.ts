import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOidcTokenRequest, ZOidcTokenResponse, ZRefreshRequest, ZTokenResponse } from '@centinela/shared';
import { exchangeCode, refreshAtProvider } from '../../domains/auth/oidc/exchange.ts';
import { refreshSession } from '../../domains/auth/sessions.ts';
import { ApiError, errorResponses } from '../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 429, 503);

/**
 * The default strategy's server half (DESIGN "Auth"): the browser runs the authorization-code + PKCE
 * redirect and checks `state`; these routes redeem the code and refresh tokens. Registered always (one
 * route list for the authorization matrix); without OIDC_ISSUER they answer 404.
 */
const oidcRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, opts) => {
  const ttl = { accessSeconds: app.config.AUTH_TOKEN_TTL, refreshSeconds: app.config.AUTH_REFRESH_TTL };
  const oidc = () => {
    if (!app.oidc) throw new ApiError(404, 'not_found');
    return app.oidc;
  };

  app.post('/token', {
    config: { public: true, rateLimit: { max: opts.loginRateLimit, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary: 'Redeem an authorization code from the OIDC provider (PKCE)',
      description:
        '`linked: true` (no tokens): the identity was just linked to the user with its email; sign in again.',
      body: ZOidcTokenRequest,
      response: { 200: ZOidcTokenResponse, ...errors },
    },
    handler: (request) =>
      exchangeCode(app.db, oidc(), request.body, { ip: request.ip, userAgent: request.headers['user-agent'], ttl }),
  });

  app.post('/refresh', {
    config: { public: true, rateLimit: { max: opts.loginRateLimit * 6, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary: 'Exchange an OIDC sign-in’s refresh token for new tokens',
      body: ZRefreshRequest,
      response: { 200: ZTokenResponse, ...errors },
    },
    // With an audience the tokens are the provider's; without one the sign-in opened a local session.
    handler: (request) => {
      const client = oidc();
      return client.audience
        ? refreshAtProvider(client, request.body.refreshToken)
        : refreshSession(app.db, request.body.refreshToken, ttl);
    },
  });
};

export default oidcRoutes;
