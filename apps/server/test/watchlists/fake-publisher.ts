import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake publisher answers the next downloads: the file (with an ETag of its bytes, and 304 when
 * the client already has it), a 500, or the file's first `sent` bytes before the connection drops
 * ('drop', with the whole length announced) or the body ends early ('end').
 */
export type Answer =
  | { kind: 'file'; bytes: Buffer }
  | { kind: 'error'; status: number }
  | { kind: 'cut'; bytes: Buffer; sent: number; how: 'drop' | 'end' };

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;

/** A list publisher on 127.0.0.1 for the sync's tests: one path, the answer set by the test, every request kept. */
export async function startPublisher() {
  let answer: Answer = { kind: 'error', status: 404 };
  const requests: { headers: IncomingHttpHeaders; status: number }[] = [];
  const server = createServer((req, res) => {
    // One connection per download: a kept-alive socket the server closes as the client reuses it reads as
    // ECONNRESET on a busy machine, which is the 'drop' answer's failure, not the answer under test.
    res.shouldKeepAlive = false;
    const now = answer;
    const record = (status: number) => requests.push({ headers: req.headers, status });
    if (now.kind === 'error') {
      record(now.status);
      res.writeHead(now.status, { 'content-type': 'text/plain' }).end('publisher error');
      return;
    }
    const etag = etagOf(now.bytes);
    if (now.kind === 'file' && req.headers['if-none-match'] === etag) {
      record(304);
      res.writeHead(304, { etag }).end();
      return;
    }
    record(200);
    if (now.kind === 'file') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': now.bytes.length, etag }).end(now.bytes);
      return;
    }
    if (now.how === 'end') {
      res.writeHead(200, { 'content-type': 'text/csv', etag }).end(now.bytes.subarray(0, now.sent));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': now.bytes.length, etag });
    res.write(now.bytes.subarray(0, now.sent), () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sdn.csv`,
    requests,
    answer: (next: Answer) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
