import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZLoginRequest, ZOkResponse, ZRefreshRequest, ZTokenResponse, ZUserResponse } from '@centinela/shared';
import { toAuthUser } from '../../domains/auth/caller.ts';
import { loginWithPassword } from '../../domains/auth/login.ts';
import { refreshSession } from '../../domains/auth/sessions.ts';
import { callerOf } from '../../plugins/auth.ts';
import { logoutCaller } from './logout.ts';

const loginEmail = (body: unknown) =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 429: ZApiError };

/** The local sign-in strategy (SPEC §7): /api/auth/login, /logout, /user, plus /refresh. */
const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, opts) => {
  const ttl = { accessSeconds: app.config.AUTH_TOKEN_TTL, refreshSeconds: app.config.AUTH_REFRESH_TTL };

  app.post('/login', {
    // Per address and account: guessing one account's password is throttled, while colleagues behind one
    // office NAT still sign in. Counted after the body is parsed (preHandler), so the email is known.
    config: {
      public: true,
      rateLimit: {
        max: opts.loginRateLimit,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request) => `${request.ip}|${loginEmail(request.body)}`,
      },
    },
    schema: { tags: ['auth'], summary: 'Sign in with email and password', body: ZLoginRequest, response: { 200: ZTokenResponse, ...errors } },
    handler: (request) =>
      loginWithPassword(app.db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'], ttl }),
  });

  app.post('/refresh', {
    config: { public: true, rateLimit: { max: opts.loginRateLimit * 6, timeWindow: 60_000 } },
    schema: { tags: ['auth'], summary: 'Exchange a refresh token for new tokens', body: ZRefreshRequest, response: { 200: ZTokenResponse, ...errors } },
    handler: (request) => refreshSession(app.db, request.body.refreshToken, ttl),
  });

  app.post('/logout', {
    config: { scope: 'signed-in' },
    schema: { tags: ['auth'], summary: 'Sign out: revokes this session’s tokens', security: [{ bearer: [] }], response: { 200: ZOkResponse, ...errors } },
    handler: (request) => logoutCaller(app.db, callerOf(request), request.ip),
  });

  app.get('/user', {
    config: { scope: 'signed-in' },
    schema: { tags: ['auth'], summary: 'The signed-in user, with their scope', security: [{ bearer: [] }], response: { 200: ZUserResponse, ...errors } },
    handler: async (request) => ({ user: toAuthUser(callerOf(request)) }),
  });
};

export default authRoutes;
