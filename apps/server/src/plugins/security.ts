import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
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
          connectSrc: [
            "'self'",
            'ws:',
            'wss:',
            ...(app.config.SENTRY_WEB_DSN ? [new URL(app.config.SENTRY_WEB_DSN).origin] : []),
          ],
          // Nobody may frame the dashboard (clickjacking); X-Frame-Options says the same to old browsers.
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity:
        app.config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
    );
    // With REDIS_URL every server process counts in Redis, so a limit holds across processes (sign-in, forms,
    // API keys); without it each process counts on its own. A Redis outage lets requests through rather
    // than failing them (logged by the client's error handler below).
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true })
      : null;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'rate limit store (Redis) unavailable'));
      app.addHook('onClose', async () => {
        // Never connected (no limited route was asked): nothing to say goodbye to.
        if (redis.status === 'wait' || redis.status === 'end') return redis.disconnect();
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new ApiError(429, 'rate_limited'),
      ...(redis && { redis, nameSpace: 'centinela-rate-limit:', skipOnError: true }),
    });
  },
  { name: 'security' },
);
