import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginRequest, ZOkResponse, ZRefreshRequest, ZTokenResponse, ZUserResponse } from '@centinela/shared';
import { toAuthUser } from '../../domains/auth/caller.ts';
import { loginWithPassword } from '../../domains/auth/login.ts';
import { refreshSession } from '../../domains/auth/sessions.ts';
import { logoutCaller } from './logout.ts';
import { accountLoginLimit, loginEmail } from './account-limit.ts';
import { ApiError, errorResponses } from '../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 429);

/** The local sign-in strategy (SPEC §7): /api/auth/login, /logout, /user, plus /refresh. */
const authRoutes: FastifyPluginAsyncZod<{
  loginRateLimit: number;
  accountRateLimit: number;
  addressRateLimit: number;
}> = async (app, opts) => {
  const ttl = { accessSeconds: app.config.AUTH_TOKEN_TTL, refreshSeconds: app.config.AUTH_REFRESH_TTL };
  const failures = accountLoginLimit(app, { perAccount: opts.accountRateLimit, perAddress: opts.addressRateLimit });

  app.post('/login', {
    // Per address and account: guessing one account's password is throttled, while colleagues behind one
    // office NAT still sign in. Counted after the body is parsed (preHandler), so the email is known. The
    // handler adds the looser limits on wrong passwords: per account across addresses, per address across
    // accounts (account-limit.ts).
    config: {
      public: true,
      rateLimit: {
        max: opts.loginRateLimit,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request) => `${request.ip}|${loginEmail(request.body)}`,
      },
    },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: ZLoginRequest,
      response: { 200: ZTokenResponse, ...errors },
    },
    handler: async (request, reply) => {
      await failures.check(request, reply);
      try {
        return await loginWithPassword(app.db, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          ttl,
        });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) await failures.failed(request);
        throw error;
      }
    },
  });

  app.post('/refresh', {
    config: { public: true, rateLimit: { max: opts.loginRateLimit * 6, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary: 'Exchange a refresh token for new tokens',
      body: ZRefreshRequest,
      response: { 200: ZTokenResponse, ...errors },
    },
    handler: (request) => refreshSession(app.db, request.body.refreshToken, ttl),
  });

  app.post('/logout', {
    config: { scope: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revokes this session’s tokens',
      security: [{ bearer: [] }],
      response: { 200: ZOkResponse, ...errors },
    },
    handler: (request) => logoutCaller(app.db, request.caller, request.ip),
  });

  app.get('/user', {
    config: { scope: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, with their scope',
      security: [{ bearer: [] }],
      response: { 200: ZUserResponse, ...errors },
    },
    handler: async (request) => ({ user: toAuthUser(request.caller) }),
  });
};

export default authRoutes;
