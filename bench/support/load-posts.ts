/**
 * load.ts for a POST whose body changes: CONCURRENCY connections POST the bodies of a JSON file (an
 * array, sent in turn, each connection taking the next) to one URL for SECONDS, and the latencies come
 * back as JSON on stdout. A mix of bodies is what a screening endpoint meets: one body would be one
 * cached plan and one set of index pages.
 *   tsx bench/support/load-posts.ts <url> <bodies.json> <seconds> <concurrency> [authorization]
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { summarize } from './stats.ts';

const [url, file, seconds = '10', concurrency = '10', authorization] = process.argv.slice(2);
if (!url || !file) throw new Error('usage: load-posts.ts <url> <bodies.json> <seconds> <concurrency> [authorization]');
const bodies = (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).map((b) => JSON.stringify(b));
const latencies: number[] = [];
let errors = 0;
let next = 0;
/** A connection's context: the body it sent last (one request at a time per connection). */
type Sent = { body?: string };
const refused = new Map<string | undefined, string>();

const result = await autocannon({
  url,
  connections: Number(concurrency),
  duration: Number(seconds),
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      setupRequest: (request, context: Sent) => {
        context.body = bodies[next++ % bodies.length];
        return { ...request, body: context.body };
      },
      // Which bodies the API refused, and why: printed to stderr, once each.
      onResponse: (status, body, context: Sent) => {
        if (status >= 400 && !refused.has(context.body)) refused.set(context.body, `${status} ${body}`);
      },
    },
  ],
  setupClient: (client) => {
    client.on('response', (statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 400) errors++;
      latencies.push(responseTime);
    });
  },
});
for (const [body, answer] of refused) console.error(`refused: ${String(body)} -> ${answer}`);
console.log(
  JSON.stringify({ ...summarize(latencies, Number(seconds)), errors: errors + result.errors + result.timeouts }),
);
