import { connect } from 'node:net';
import { ERROR_MESSAGES } from '@centinela/shared';
import { signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';

/** One raw HTTP/1.1 exchange: what the server wrote before it closed the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
}

type Operation = { responses: Record<string, unknown> };

describe('answers given before a route runs are { code, message } and documented', () => {
  test('a JSON body sent as text/plain is 415 in the caller’s language, not a stream to validate', async ({ app }) => {
    const analyst = await signedIn(app, ['analyst']);
    const json = JSON.stringify({ name: 'Ana Gómez' });
    // A plugin whose file routes take text/plain (watch lists, CSV), and one that takes only JSON.
    const routes = [
      '/api/v1/watchlists/screen',
      '/api/v1/csv/jobs/00000000-0000-4000-8000-000000000000/start',
      '/api/auth/login',
    ];
    for (const url of routes) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...analyst.headers, 'content-type': 'text/plain', 'accept-language': 'pt' },
        payload: json,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(415);
      expect(response.json(), url).toEqual({
        code: 'unsupported_media_type',
        message: ERROR_MESSAGES.unsupported_media_type.pt,
      });
    }
  });

  test('headers past Node’s limit: 431 { code, message }, worded by the Accept-Language that arrived', async ({
    app,
  }) => {
    await app.listen({ host: '127.0.0.1', port: 3517 });
    const answer = await rawExchange(
      3517,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({ code: 'headers_too_large', message: ERROR_MESSAGES.headers_too_large.es });
  });

  test('an over-long path parameter is 414 uri_too_long', async ({ app }) => {
    const { headers } = await signedIn(app);
    const response = await app.inject({ method: 'GET', url: `/api/v1/profiles/${'x'.repeat(101)}`, headers });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 'uri_too_long', message: ERROR_MESSAGES.uri_too_long.en });
  });

  test('the OpenAPI document declares 431 on every operation, 414 where the path takes a parameter', async ({
    app,
  }) => {
    const paths = (app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, path, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { name, path, op } of operations) {
      expect(Object.keys(op.responses), name).toContain('431');
      if (path.includes('{')) expect(Object.keys(op.responses), name).toContain('414');
    }
  });
});
