import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

/** 200 once the database is migrated and answers; 503 otherwise. */
const healthRoutes: FastifyPluginAsyncZod<{ isReady: () => boolean }> = async (app, opts) => {
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
};

export default healthRoutes;
