import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flushErrorReports, initErrorReporting, reportError } from '../error-reporting.ts';

// A local stand-in for the Sentry ingest the DSN names: the browser SDK's real transport posts here.
const bodies: string[] = [];
const ingest = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    bodies.push(body);
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
  });
});
let dsn = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/7`;
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

describe('browser error reporting', () => {
  test('off until a DSN is configured; then errors are sent with personal data scrubbed', async () => {
    reportError(new Error('nobody hears this'));
    await initErrorReporting(null);
    expect(await flushErrorReports(500)).toBe(true);
    expect(bodies).toEqual([]);

    await initErrorReporting(dsn);
    reportError(new Error('could not save maria@example.com with document 1020304050'));
    await flushErrorReports(5000);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('could not save [email] with document [number]');
    expect(bodies[0]).not.toContain('maria@example.com');
    expect(bodies[0]).not.toContain('1020304050');
  });
});
