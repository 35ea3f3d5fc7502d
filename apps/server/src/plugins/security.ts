import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';

/** Security headers for every answer, and rate limits for the routes that ask for one. */
export default fp(
  async function security(app: FastifyInstance) {
    // helmet's middleware, built once: @fastify/helmet rebuilt it (and re-parsed the CSP) on every request.
    const headers = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine sets inline style attributes; scripts stay 'self' only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          // The browser's error reports go to the configured Sentry host only (SENTRY_WEB_DSN).
          connectSrc: ["'self'", 'ws:', 'wss:', ...(app.config.SENTRY_WEB_DSN ? [new URL(app.config.SENTRY_WEB_DSN).origin] : [])],
          // Nobody may frame the dashboard (clickjacking); X-Frame-Options says the same to old browsers.
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: app.config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new ApiError(429, 'rate_limited'),
    });
  },
  { name: 'security' },
);
