import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });
const ZLive = z.object({ status: z.literal('ok') });
const ZCheck = z.enum(['ok', 'failing', 'off']);
const ZReady = z.object({
  /** `draining`: the process got SIGTERM and is finishing what it has; send new work elsewhere. */
  status: z.enum(['ok', 'unavailable', 'draining']),
  checks: z.object({
    database: ZCheck.describe('the database answers a query'),
    migrations: ZCheck.describe(
      "every migration this release ships is applied (a newer release's extra ones are fine)",
    ),
    redis: ZCheck.describe('REDIS_URL answers (off when not configured)'),
  }),
});

export type HealthOptions = {
  /** Whether this process has run its migrations (main.ts sets it once they ran). */
  isReady: () => boolean;
  /** Whether the process is draining (SIGTERM): readiness answers 503 from that moment. */
  isDraining: () => boolean;
};

/**
 * Three probes: `/health` (the original, kept for scripts and the e2e: database migrated and answering),
 * `/health/live` (the process answers; no database: a liveness probe must not restart a process for its
 * database's sake) and `/health/ready` (database, migrations and Redis; 503 while draining), which load
 * balancers and orchestrators route by.
 */
const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, opts) => {
  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], summary: 'Liveness and database readiness', response: { 200: ZHealth, 503: ZHealth } },
    handler: async (_request, reply) => {
      const database = app.database.kind;
      try {
        if (!opts.isReady()) throw new Error('not migrated');
        await app.database.ping();
        return { status: 'ok' as const, database };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database });
      }
    },
  });

  app.get('/health/live', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers',
      description: 'Touches neither the database nor Redis, and stays 200 while the process drains.',
      response: { 200: ZLive },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/health/ready', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'Readiness: this process should get traffic',
      description:
        'Database reachable, migrations applied, Redis reachable when REDIS_URL is set. 503 with status ' +
        '`draining` from the moment the process receives SIGTERM until it exits.',
      response: { 200: ZReady, 503: ZReady },
    },
    handler: async (_request, reply) => {
      const draining = opts.isDraining();
      const [database, migrations] = await app.database.ping().then(
        async () =>
          ['ok' as const, opts.isReady() && (await app.database.migrationsApplied()) ? 'ok' : 'failing'] as const,
        () => ['failing' as const, 'failing' as const] as const,
      );
      const redis = app.realtimeRedis ? ((await app.realtimeRedis.reachable()) ? 'ok' : 'failing') : 'off';
      const checks = { database, migrations, redis } as const;
      const healthy = Object.values(checks).every((c) => c !== 'failing');
      const status = draining ? 'draining' : healthy ? 'ok' : 'unavailable';
      return reply.status(status === 'ok' ? 200 : 503).send({ status, checks });
    },
  });
};

export default healthRoutes;
