import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { flushErrorReports, initErrorReporting, stopErrorReporting } from '../src/lib/error-reporting.ts';
import { freshDatabase } from './database.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test, testConfig } from './helper.ts';

/** A local stand-in for Sentry's ingest: it keeps every envelope it is sent (the SDK's real HTTP transport). */
const envelopes: { url: string; items: unknown[] }[] = [];
const ingest = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let raw = Buffer.concat(chunks);
    if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
    const items = raw
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
    envelopes.push({ url: req.url ?? '', items });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const { port } = ingest.address() as AddressInfo;
  expect(await initErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/42`, environment: 'test' })).toBe(true);
});
// A worker runs other files after this one (vitest.config.ts, isolate: false): they report nothing.
afterAll(async () => {
  await stopErrorReporting();
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

describe('error reporting (Sentry, SPEC §7)', () => {
  test('an unexpected 500 is reported to the configured service with the personal data scrubbed; 4xx are not', async ({
    skip,
  }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    const app = await buildApp({ config: testConfig(), database: fresh.database });
    // A route that fails the way a bug would, with personal data in its message.
    app.get('/api/v1/test-crash/:id', { config: { public: true } }, async () => {
      throw new Error('insert failed for ana.gomez@example.co, document 1020304050, phone +57 300 123 4567');
    });
    await app.ready();
    const { headers } = await signedIn(app);
    envelopes.length = 0;
    const notFound = await app.inject({
      method: 'GET',
      url: '/api/v1/profiles/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(notFound.statusCode).toBe(404);
    const crash = await app.inject({
      method: 'GET',
      url: '/api/v1/test-crash/1020304050?email=ana.gomez@example.co',
      headers: { ...headers, cookie: 'auth._token.local=secret' },
    });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ code: 'internal' });
    await flushErrorReports(5000);

    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]!.url).toMatch(/^\/api\/42\/envelope\//);
    const text = JSON.stringify(envelopes[0]!.items);
    expect(text).toContain('insert failed for [email], document [number], phone [number]');
    expect(text).toContain('"route":"/api/v1/test-crash/:id"');
    for (const secret of ['ana.gomez', '1020304050', '300 123 4567', 'auth._token', headers.authorization!.slice(7)])
      expect(text).not.toContain(secret);
    await app.close();
    await fresh.drop();
  });
});
