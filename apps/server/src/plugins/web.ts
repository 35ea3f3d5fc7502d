import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (history-mode routing).
 * Without a build (tests, API-only runs) the server answers JSON 404s for every non-API path.
 */
export default fp(
  async function web(app: FastifyInstance) {
    const root = app.config.WEB_DIST;
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');
      return;
    }
    // The build writes .br/.gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false, preCompressed: true });
    app.get('/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (request.url.startsWith('/api/') || !wantsHtml) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
