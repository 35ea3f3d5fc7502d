import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './lib/config.ts';
import type { Database } from './db/client.ts';
import { EventBus } from './kernel/index.ts';
import { oidcClientFor } from './domains/auth/oidc/client.ts';
import authPlugin from './plugins/auth.ts';
import compressPlugin from './plugins/compress.ts';
import dbPlugin from './plugins/db.ts';
import { clientError } from './plugins/client-errors.ts';
import errorsPlugin, { frameworkError } from './plugins/errors.ts';
import jobsPlugin from './plugins/jobs.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityPlugin from './plugins/security.ts';
import socketPlugin from './plugins/socket.ts';
import webPlugin from './plugins/web.ts';
import apiKeysRoutes from './routes/api/v1/api-keys/index.ts';
import auditEventsRoutes from './routes/api/v1/audit-events/index.ts';
import identityRoutes from './routes/api/v1/identity/index.ts';
import metricsRoutes from './routes/api/v1/metrics/index.ts';
import ownersRoutes from './routes/api/v1/owners/index.ts';
import creditsRoutes from './routes/api/v1/credits/index.ts';
import csvRoutes from './routes/api/v1/csv/index.ts';
import formsRoutes from './routes/api/v1/forms/index.ts';
import publicFormsRoutes from './routes/api/v1/forms/public.ts';
import uploadsRoutes from './routes/api/v1/uploads/index.ts';
import pipelinesRoutes from './routes/api/v1/pipelines/index.ts';
import profilesRoutes from './routes/api/v1/profiles/index.ts';
import retentionRoutes from './routes/api/v1/retention/index.ts';
import usersRoutes from './routes/api/v1/users/index.ts';
import solRoutes from './routes/api/v1/sol/index.ts';
import watchlistsRoutes from './routes/api/v1/watchlists/index.ts';
import webhooksRoutes from './routes/api/v1/webhooks/index.ts';
import verifyRoutes from './routes/api/v1/verify/index.ts';
import candidateRoutes from './routes/api/v1/candidate/index.ts';
import privacyRequestsRoutes from './routes/api/v1/privacy-requests/index.ts';
import inboxRoutes from './routes/api/v1/inbox/index.ts';
import authRoutes from './routes/auth/index.ts';
import oidcRoutes from './routes/auth/oidc.ts';
import configRoutes from './routes/config.ts';
import healthRoutes from './routes/health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Domain events (report and profile changes) for the socket layer and other subscribers. */
    events: EventBus;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Whether migrations have run; /api/health answers 503 until then. */
  isReady?: () => boolean;
  /** Whether the process is draining after SIGTERM; /api/health/ready answers 503 from then on. */
  isDraining?: () => boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (default stdout); tests capture it to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** Redis channel prefix for socket.io (default 'socket.io'); tests sharing one Redis use their own. */
  realtimeKey?: string;
};

/** Never logged: credentials in headers (Fastify logs no bodies; pino redacts these if a log line carries them). */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

/** Fastify's option for TRUST_PROXY; a hop count as the function proxy-addr builds for one (its types lack numbers). */
const trustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export async function buildApp({
  config,
  database,
  isReady = () => true,
  isDraining = () => false,
  logger,
  logStream,
  realtimeKey,
}: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: LOG_REDACT, ...(logStream && { stream: logStream }) },
    bodyLimit: config.BODY_LIMIT,
    // Only the configured proxies' X-Forwarded-For entries (config.ts, TRUST_PROXY): never the leftmost,
    // which the client writes itself.
    trustProxy: trustProxy(config.TRUST_PROXY ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();

  // A JSON route answers 415 to a body sent as text/plain (Fastify would hand it a string to validate);
  // the file routes that take text/plain add their own parser.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('events', new EventBus());
  // Users only see a 503; the reason (unreachable, issuer mismatch…) is for the operator's log.
  app.decorate(
    'oidc',
    oidcClientFor(config, (error) => app.log.warn({ err: error }, 'OIDC discovery failed')),
  );

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(jobsPlugin);
  await app.register(metricsPlugin, { isDraining });
  await app.register(securityPlugin);
  await app.register(compressPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(socketPlugin, { redisKey: realtimeKey });

  await app.register(healthRoutes, { prefix: '/api', isReady, isDraining });
  // The OIDC strategy's settings come from the provider's discovery document (null: local strategy).
  const oidc = app.oidc;
  await app.register(configRoutes, { prefix: '/api', oidc: async () => (oidc ? oidc.publicConfig() : null) });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    loginRateLimit: config.LOGIN_RATE_LIMIT,
    accountRateLimit: config.LOGIN_ACCOUNT_RATE_LIMIT,
    addressRateLimit: config.LOGIN_ADDRESS_RATE_LIMIT,
  });
  await app.register(oidcRoutes, { prefix: '/api/auth/oidc', loginRateLimit: config.LOGIN_RATE_LIMIT });
  await app.register(usersRoutes, { prefix: '/api/v1/users' });
  await app.register(profilesRoutes, { prefix: '/api/v1/profiles' });
  await app.register(pipelinesRoutes, { prefix: '/api/v1/pipelines' });
  await app.register(csvRoutes, { prefix: '/api/v1/csv' });
  await app.register(formsRoutes, { prefix: '/api/v1/forms' });
  await app.register(publicFormsRoutes, { prefix: '/api/v1/public/forms' });
  await app.register(uploadsRoutes, { prefix: '/api/v1/uploads' });
  await app.register(creditsRoutes, { prefix: '/api/v1/credits' });
  await app.register(ownersRoutes, { prefix: '/api/v1/owners' });
  await app.register(apiKeysRoutes, { prefix: '/api/v1/api-keys' });
  await app.register(identityRoutes, { prefix: '/api/v1/identity' });
  await app.register(auditEventsRoutes, { prefix: '/api/v1/audit-events' });
  await app.register(metricsRoutes, { prefix: '/api/v1/metrics' });
  await app.register(webhooksRoutes, { prefix: '/api/v1/webhooks' });
  await app.register(solRoutes, { prefix: '/api/v1/sol' });
  await app.register(watchlistsRoutes, { prefix: '/api/v1/watchlists' });
  await app.register(verifyRoutes, { prefix: '/api/v1/verify' });
  await app.register(candidateRoutes, { prefix: '/api/v1/public/candidate' });
  await app.register(privacyRequestsRoutes, { prefix: '/api/v1/privacy-requests' });
  await app.register(inboxRoutes, { prefix: '/api/v1/inbox' });
  // /api/v1/retention/… and a person's legal hold (/api/v1/profiles/:id/hold).
  await app.register(retentionRoutes, { prefix: '/api/v1' });
  await app.register(webPlugin);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
