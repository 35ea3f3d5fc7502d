import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; status: number };

/**
 * A webhook receiver on 127.0.0.1 for tests: answers `respond(n)` for the n-th request (1-based;
 * 200 by default), or hangs when it returns 'hang'. Keeps every request, and the set of webhook-ids it
 * accepted (a receiver deduping by webhook-id, as Standard Webhooks asks).
 */
export async function startReceiver(
  respond: (n: number, body: string) => number | 'hang' = () => 200,
  opts: { delayMs?: number | (() => number) } = {},
) {
  const received: Received[] = [];
  const accepted = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = respond(received.length + 1, body);
      received.push({ headers: req.headers, body, status: answer === 'hang' ? 0 : answer });
      if (answer === 'hang') return;
      if (answer >= 200 && answer < 300) {
        const id = String(req.headers['webhook-id']);
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
      const reply = () => {
        res.writeHead(answer, { 'content-type': 'application/json', 'x-receiver': 'test' });
        res.end(JSON.stringify({ ok: answer < 300 }));
      };
      const delay = typeof opts.delayMs === 'function' ? opts.delayMs() : opts.delayMs;
      if (delay) setTimeout(reply, delay);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** webhook-id → how many times it was answered 2xx. */
    accepted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
