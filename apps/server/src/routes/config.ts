import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicConfig, type TPublicConfig } from '@centinela/shared';

/** Public runtime configuration for the web app: maintenance mode and how to sign in. */
const configRoutes: FastifyPluginAsyncZod<{ oidc: () => Promise<TPublicConfig['auth']['oidc']> }> = async (app, opts) => {
  app.get('/config', {
    config: { public: true },
    schema: { tags: ['config'], summary: 'Maintenance mode and the sign-in strategy', response: { 200: ZPublicConfig } },
    handler: async () => {
      const oidc = await opts.oidc();
      return { maintenance: app.config.MAINTENANCE_MODE, auth: { strategy: oidc ? ('oidc' as const) : ('local' as const), oidc } };
    },
  });
};

export default configRoutes;
