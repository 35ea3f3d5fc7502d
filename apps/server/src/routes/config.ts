import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_EXTENSIONS, ZPublicConfig, type TPublicConfig } from '@centinela/shared';
import { errorResponses } from '../lib/api-error.ts';

/** Public runtime configuration for the web app: maintenance mode and how to sign in. */
const configRoutes: FastifyPluginAsyncZod<{ oidc: () => Promise<TPublicConfig['auth']['oidc']> }> = async (
  app,
  opts,
) => {
  app.get('/config', {
    config: { public: true },
    schema: {
      tags: ['config'],
      summary: 'Maintenance mode and the sign-in strategy',
      // 503: the OIDC provider's discovery document cannot be had (the next request retries).
      response: { 200: ZPublicConfig, ...errorResponses(503) },
    },
    handler: async () => {
      const oidc = await opts.oidc();
      const uploads = app.config.UPLOADS
        ? { url: '/api/v1/uploads', maxBytes: app.config.UPLOAD_MAX_BYTES, extensions: [...UPLOAD_EXTENSIONS] }
        : null;
      const errorReporting = app.config.SENTRY_WEB_DSN ? { dsn: app.config.SENTRY_WEB_DSN } : null;
      return {
        maintenance: app.config.MAINTENANCE_MODE,
        auth: { strategy: oidc ? ('oidc' as const) : ('local' as const), oidc },
        uploads,
        errorReporting,
      };
    },
  });
};

export default configRoutes;
