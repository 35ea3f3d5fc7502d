import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage, type ErrorCode } from '@centinela/shared';
import { localeFrom } from '../../lib/locale.ts';
import type { MetricsAccess } from './access.ts';

/**
 * `npm run worker`'s own /metrics (METRICS_PORT): a bare HTTP listener, guarded as the API's is. Only
 * GET /metrics; anything else is 404 `{ code, message }`.
 */
export async function serveMetrics(opts: {
  host: string;
  port: number;
  access: MetricsAccess;
  scrape: () => Promise<string>;
  contentType: string;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const refuse = (status: number, code: ErrorCode) => {
      const locale = localeFrom(req.headers['accept-language']);
      if (status === 401) res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code, message: errorMessage(code, locale) }));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return refuse(404, 'not_found');
    const verdict = opts.access(req.socket.remoteAddress ?? '', req.headers.authorization);
    if (verdict === 404) return refuse(404, 'not_found');
    if (verdict === 401) return refuse(401, 'unauthenticated');
    opts.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': opts.contentType });
        res.end(text);
      },
      () => refuse(500, 'internal'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
