import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, notFound } from '../lib/api-error.ts';
import { metricsAccess } from './metrics/access.ts';
import { createMetrics, httpMetrics } from './metrics/registry.ts';

export type MetricsPluginOptions = { isDraining: () => boolean };

const started = Symbol('metrics started');
type Timed = FastifyRequest & { [started]?: boolean };

/**
 * Prometheus metrics at GET /metrics (docs/operations.md lists every series). Off unless
 * METRICS_TOKEN and/or METRICS_ALLOW_CIDRS is set (metrics/access.ts); refused with `{ code, message }`.
 * Scrape each process directly (not through the load balancer): every process has its own figures.
 */
export default fp(
  async function metrics(app: FastifyInstance, opts: MetricsPluginOptions) {
    const { registry, scrape } = createMetrics({ database: app.database, runners: app.jobs.runners, role: 'api' });
    const http = httpMetrics(registry, {
      sockets: () => (app.hasDecorator('io') ? app.io.of('/').sockets.size : 0),
      draining: opts.isDraining,
    });
    const access = metricsAccess(app.config);

    app.addHook('onRequest', (request: Timed, _reply, done) => {
      request[started] = true;
      http.inFlight.inc();
      done();
    });
    app.addHook('onResponse', (request: Timed, reply, done) => {
      if (request[started]) {
        request[started] = false;
        http.inFlight.dec();
      }
      http.duration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.addHook('onRequestAbort', (request: Timed, done) => {
      if (request[started]) {
        request[started] = false;
        http.inFlight.dec();
        http.aborted.inc();
      }
      done();
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      // The peer's own address, never X-Forwarded-For: with trustProxy (production) a client reaching the
      // process directly could name any address there. Scrapers connect to each process directly.
      const verdict = access(request.raw.socket.remoteAddress ?? '', request.headers.authorization);
      if (verdict === 404) throw notFound();
      if (verdict === 401) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new ApiError(401, 'unauthenticated');
      }
      return reply.type(registry.contentType).send(await scrape());
    });
  },
  { name: 'metrics', dependencies: ['db', 'jobs'] },
);
